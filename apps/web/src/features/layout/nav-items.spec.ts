import { rightsOf } from '../../core/rights';
import { navItemsFor } from './nav-items';

describe('navItemsFor', () => {
  it('gives an operator no Services, Parts or Reports (issue 32)', () => {
    expect(navItemsFor(rightsOf('operator')).map((i) => i.label)).toEqual(['Dashboard', 'Machines', 'Fast Create', 'Due']);
  });

  it('gives a viewer no Fast Create, and an owner every section', () => {
    expect(navItemsFor(rightsOf('viewer')).map((i) => i.label)).toEqual(['Dashboard', 'Machines', 'Services', 'Parts', 'Due', 'Work orders', 'Reports']);
    expect(navItemsFor(rightsOf('owner'))).toHaveLength(8);
  });
});
