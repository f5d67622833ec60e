import { processFailedText } from '../../core/image-texts';
import { SERVICE_TYPES } from '../../core/service-types';
import { chunk, cloneRecord, confirmPhotosText, differs, newDraft, resolveOnBlur, toDraft, today, validate } from './service-record-logic';

const record = {
  id: 5,
  title: 'Oil change',
  status: 'In Progress',
  machineName: 'Blue F-150',
  machineId: 4,
  serviceDate: '2020-03-14',
  serviceType: 'Maintenance',
  serviceShop: null,
  notes: null,
  price: 89.5,
  dateCreated: '2020-03-14T10:00:00Z',
  miles: null,
  hours: 12,
};

describe('resolveOnBlur', () => {
  it('restores the previous value when left blank', () => {
    expect(resolveOnBlur('', 'New')).toBe('New');
    expect(resolveOnBlur('   ', 'New')).toBe('New');
  });

  it('takes any non-empty status, trimmed', () => {
    expect(resolveOnBlur('  Waiting on parts ', 'New')).toBe('Waiting on parts');
  });

  it('takes only a listed service type, in its listed spelling', () => {
    expect(resolveOnBlur('repair', 'Maintenance', SERVICE_TYPES)).toBe('Repair');
    expect(resolveOnBlur('Recall', 'Maintenance', SERVICE_TYPES)).toBe('Maintenance');
  });
});

describe('cloneRecord', () => {
  it('copies with id 0 and today as the service date', () => {
    expect(cloneRecord(record)).toEqual({ ...record, id: 0, serviceDate: today() });
  });
});

describe('validate', () => {
  it('needs title, date, status and a machine', () => {
    expect(validate({ ...newDraft(), status: ' ', serviceDate: '' })).toEqual({
      machineId: 'Machine is required',
      title: 'Service record must have a title, date and status',
      serviceDate: 'Service record must have a title, date and status',
      status: 'Service record must have a title, date and status',
    });
    expect(validate({ ...newDraft(4), title: 'Oil' })).toEqual({});
  });
});

describe('newDraft and differs', () => {
  it('starts a record as New, Maintenance, today, price 0', () => {
    expect(newDraft(4)).toMatchObject({ machineId: 4, status: 'New', serviceType: 'Maintenance', serviceDate: today(), price: 0 });
  });

  it('sees no change until a stored value changes', () => {
    expect(differs(toDraft(record), record)).toBe(false);
    expect(differs({ ...toDraft(record), title: ' Oil change ' }, record)).toBe(false);
    expect(differs({ ...toDraft(record), hours: '' }, record)).toBe(true);
  });
});

describe('texts and batches', () => {
  it('words the photo confirmations and per-file failures as the spec does', () => {
    expect(confirmPhotosText(1)).toBe('Are you sure you want to delete this photo?');
    expect(confirmPhotosText(4)).toBe('Are you sure you want to delete 4 photos?');
    expect(processFailedText('IMG_1.jpg', 'bad data')).toBe('Failed to process IMG_1.jpg: bad data');
  });

  it('splits uploads into batches of the given size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
