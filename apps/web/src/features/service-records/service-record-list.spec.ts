import {
  DEFAULT_PARAMS,
  DEFAULT_SORT,
  isFiltered,
  nextRecordSort,
  PAGE_SIZES,
  recentRecordsPath,
  serviceTypeColor,
  STATUS_FILTERS,
  toggleStatus,
  truncateTitle,
} from './service-record-list';

describe('service list helpers', () => {
  it('cuts titles longer than 18 characters at 18 plus an ellipsis', () => {
    expect(truncateTitle('Oil change')).toBe('Oil change');
    expect(truncateTitle('123456789012345678')).toBe('123456789012345678');
    expect(truncateTitle('1234567890123456789')).toBe('123456789012345678...');
    expect(truncateTitle('Hydraulic pump replacement')).toBe('Hydraulic pump rep...');
    expect(truncateTitle('')).toBe('');
    expect(truncateTitle(null)).toBe('');
    // Counts characters, not UTF-16 units: an emoji is never split.
    expect(truncateTitle('🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜🚜')).toBe(`${'🚜'.repeat(18)}...`);
  });

  it('toggles the active column and starts a new one ascending', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'serviceDate', direction: 'desc' });
    expect(nextRecordSort(DEFAULT_SORT, 'serviceDate')).toEqual({ field: 'serviceDate', direction: 'asc' });
    expect(nextRecordSort({ field: 'serviceDate', direction: 'asc' }, 'serviceDate')).toEqual({ field: 'serviceDate', direction: 'desc' });
    expect(nextRecordSort(DEFAULT_SORT, 'title')).toEqual({ field: 'title', direction: 'asc' });
    expect(nextRecordSort({ field: 'title', direction: 'asc' }, 'machineName')).toEqual({ field: 'machineName', direction: 'asc' });
  });

  it('removes the status filter when the active one is clicked again', () => {
    expect(STATUS_FILTERS).toEqual(['New', 'In Progress', 'Cancelled', 'Closed', 'Complete']);
    expect(toggleStatus(null, 'New')).toBe('New');
    expect(toggleStatus('New', 'Complete')).toBe('Complete');
    expect(toggleStatus('Complete', 'Complete')).toBeNull();
  });

  it('builds the server query: page from 0, size, sort field,dir, status and q only when set', () => {
    expect(PAGE_SIZES).toEqual([3, 6, 12, 24, 48]);
    expect(recentRecordsPath(DEFAULT_PARAMS)).toBe('/api/services/recent?page=0&size=12&sort=serviceDate%2Cdesc');
    expect(recentRecordsPath({ page: 2, size: 6, status: 'In Progress', sort: { field: 'machineName', direction: 'asc' }, q: '  oil & filter ' })).toBe(
      '/api/services/recent?page=2&size=6&status=In+Progress&sort=machineName%2Casc&q=oil+%26+filter',
    );
    expect(recentRecordsPath({ ...DEFAULT_PARAMS, q: '   ' })).toBe(recentRecordsPath(DEFAULT_PARAMS));
    expect(isFiltered(DEFAULT_PARAMS)).toBe(false);
    expect(isFiltered({ status: 'New', q: '' })).toBe(true);
    expect(isFiltered({ status: null, q: 'oil' })).toBe(true);
  });

  it('colours service types', () => {
    expect(['Maintenance', 'repair', ' Inspection ', 'RECALL', 'Upgrade', null].map(serviceTypeColor)).toEqual([
      'blue',
      'yellow',
      'green',
      'red',
      'gray',
      'gray',
    ]);
  });
});
