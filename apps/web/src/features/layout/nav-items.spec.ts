import { rightsOf } from '../../core/rights';
import { i18n } from '../../core/i18n/i18n';
import { navItemsFor } from './nav-items';

const names = (items: { label: string }[]) => items.map((i) => i18n.t(`nav.${i.label}` as 'nav.dashboard'));

describe('navItemsFor', () => {
  it('gives an operator no Services, Parts or Reports (issue 32)', () => {
    expect(names(navItemsFor(rightsOf('operator')))).toEqual(['Dashboard', 'Machines', 'Fast Create', 'Due']);
  });

  it('gives a viewer no Fast Create, and an owner every section', () => {
    expect(names(navItemsFor(rightsOf('viewer')))).toEqual(['Dashboard', 'Machines', 'Services', 'Parts', 'Due', 'Work orders', 'Reports']);
    expect(navItemsFor(rightsOf('owner'))).toHaveLength(8);
  });
});
