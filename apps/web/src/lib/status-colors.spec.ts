import { browseStatusColor, dashboardStatusColor } from './status-colors';

describe('status colours', () => {
  it('uses the dashboard palette, case-insensitively', () => {
    expect(['Active', 'GOOD'].map(dashboardStatusColor)).toEqual(['green', 'green']);
    expect(['maintenance', 'Low Fuel', 'OK'].map(dashboardStatusColor)).toEqual(['yellow', 'yellow', 'yellow']);
    expect(dashboardStatusColor('Error')).toBe('red');
    expect(['inactive', 'Sold', 'Under Repair', null].map(dashboardStatusColor)).toEqual(['gray', 'gray', 'gray', 'gray']);
  });

  it('uses the browse palette, where unknown statuses are red', () => {
    expect(browseStatusColor('Good')).toBe('green');
    expect(['low fuel', 'Ok'].map(browseStatusColor)).toEqual(['yellow', 'yellow']);
    expect(browseStatusColor('SOLD')).toBe('gray');
    expect(['Active', 'Needs Service', undefined].map(browseStatusColor)).toEqual(['red', 'red', 'red']);
  });
});
