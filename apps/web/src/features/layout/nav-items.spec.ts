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
    expect(navItemsFor(rightsOf('owner'))).toHaveLength(9);
  });

  it('gives My work to the roles an order can be assigned to, here or in any other account of the member (issue 35)', () => {
    expect(names(navItemsFor(rightsOf('mechanic')))).toContain('My work');
    expect(names(navItemsFor(rightsOf('operator'), ['operator', 'viewer']))).not.toContain('My work');
    // An operator here who is a mechanic for another account: their work there is one click away.
    expect(names(navItemsFor(rightsOf('operator'), ['operator', 'mechanic']))).toEqual(['Dashboard', 'Machines', 'Fast Create', 'Due', 'My work']);
    // Other accounts widen only the sections that span them: no Work orders board of this account.
    expect(names(navItemsFor(rightsOf('operator'), ['owner']))).not.toContain('Work orders');
  });
});
