import { RecentServicesQuery, ServiceRecordInput } from '@wrenchlog/contracts';
import { DomainError, validInput } from '@wrenchlog/platform';
import {
  containsPattern,
  fromCents,
  newRecordFields,
  parseDate,
  parseRecentQuery,
  searchText,
  sortKey,
  toCents,
  updatedRecordFields,
  type RecordFields,
} from './service-record.rules.js';

const TODAY = '2026-11-21';
const INVALID = 'Service record must have a title, date and status';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return `${(err as DomainError).code}: ${(err as DomainError).message}`;
  }
  throw new Error('expected a rule to be broken');
}

describe(newRecordFields.name, () => {
  it('fills the spec defaults for a new record: status New, type Maintenance, price 0, date today', () => {
    expect(newRecordFields({ title: 'Oil change', machineId: 3 }, TODAY)).toEqual({
      title: 'Oil change',
      status: 'New',
      serviceDate: TODAY,
      serviceType: 'Maintenance',
      serviceShop: null,
      notes: null,
      machineId: 3,
      priceCents: 0,
      miles: null,
      hours: null,
    });
  });

  it('treats null like a missing field for the defaults', () => {
    const fields = newRecordFields({ title: 'x', machineId: 1, status: null, serviceType: null, price: null, serviceDate: null }, TODAY);

    expect(fields).toMatchObject({ status: 'New', serviceType: 'Maintenance', priceCents: 0, serviceDate: TODAY });
  });

  it.each([
    ['a missing title', { machineId: 1 }],
    ['a blank title', { title: '   ', machineId: 1 }],
    ['a blank status', { title: 'x', status: ' \t', machineId: 1 }],
    ['a blank date', { title: 'x', serviceDate: '  ', machineId: 1 }],
  ])('refuses %s with the one spec message', (_what, input) => {
    expect(messageOf(() => newRecordFields(input, TODAY))).toBe(`VALIDATION: ${INVALID}`);
  });

  it('checks title, date and status before the machine', () => {
    expect(messageOf(() => newRecordFields({ title: '' }, TODAY))).toBe(`VALIDATION: ${INVALID}`);
  });

  it.each([[undefined], [0], [-4], [1.5], ['7']])('requires a machine id greater than 0 (%p)', (machineId) => {
    expect(messageOf(() => newRecordFields({ title: 'x', machineId }, TODAY))).toBe('VALIDATION: Machine is required');
  });

  it('trims title, status, type and shop, and keeps notes as written', () => {
    const fields = newRecordFields(
      { title: '  Brakes ', status: ' In Progress ', serviceType: ' Repair ', serviceShop: ' Joe ', notes: '  line 1\nline 2 ', machineId: 2 },
      TODAY,
    );

    expect(fields).toMatchObject({ title: 'Brakes', status: 'In Progress', serviceType: 'Repair', serviceShop: 'Joe', notes: '  line 1\nline 2 ' });
  });

  it('stores blank shop and notes as none, and a blank type as the default', () => {
    expect(newRecordFields({ title: 'x', machineId: 1, serviceShop: ' ', notes: '\n', serviceType: '' }, TODAY)).toMatchObject({
      serviceShop: null,
      notes: null,
      serviceType: 'Maintenance',
    });
  });

  it('refuses a date that is not a calendar date', () => {
    expect(messageOf(() => newRecordFields({ title: 'x', machineId: 1, serviceDate: '2026-02-30' }, TODAY))).toBe(
      'VALIDATION: Service date must be a date (YYYY-MM-DD)',
    );
    expect(messageOf(() => newRecordFields({ title: 'x', machineId: 1, serviceDate: 'yesterday' }, TODAY))).toBe(
      'VALIDATION: Service date must be a date (YYYY-MM-DD)',
    );
  });

  it('refuses too long texts on receipt (the DTO) and out of range numbers (the rules)', () => {
    expect(messageOf(() => validInput(ServiceRecordInput, { title: 'x'.repeat(201), machineId: 1 }))).toBe('VALIDATION: Title must be at most 200 characters');
    expect(messageOf(() => validInput(ServiceRecordInput, { title: 'x', notes: 'n'.repeat(10001), machineId: 1 }))).toBe(
      'VALIDATION: Notes must be at most 10000 characters',
    );
    expect(messageOf(() => validInput(ServiceRecordInput, { title: 'x', serviceShop: 5, machineId: 1 }))).toBe('VALIDATION: Service shop must be text');
    expect(messageOf(() => newRecordFields({ title: 'x', machineId: 1, price: -1 }, TODAY))).toBe('VALIDATION: Price must be a number from 0 to 9999999.99');
    expect(messageOf(() => newRecordFields({ title: 'x', machineId: 1, miles: -5 }, TODAY))).toBe('VALIDATION: Miles must be a number from 0 to 999999999');
    expect(messageOf(() => newRecordFields({ title: 'x', machineId: 1, hours: 'many' }, TODAY))).toBe('VALIDATION: Hours must be a number from 0 to 999999999');
  });

  it('keeps miles and hours, which may be fractional', () => {
    expect(newRecordFields({ title: 'x', machineId: 1, miles: 123456, hours: 1520.5 }, TODAY)).toMatchObject({ miles: 123456, hours: 1520.5 });
  });
});

describe(updatedRecordFields.name, () => {
  const current: RecordFields = {
    title: 'Oil change',
    status: 'New',
    serviceDate: '2026-01-02',
    serviceType: 'Maintenance',
    serviceShop: 'Joe',
    notes: 'synthetic',
    machineId: 4,
    priceCents: 4999,
    miles: 1000,
    hours: null,
  };

  it('keeps what the update leaves out and replaces what it sends', () => {
    expect(updatedRecordFields(current, { status: 'Complete', price: 60.1 })).toEqual({ ...current, status: 'Complete', priceCents: 6010 });
  });

  it('clears optional fields sent as null', () => {
    expect(updatedRecordFields(current, { serviceShop: null, notes: null, miles: null })).toMatchObject({ serviceShop: null, notes: null, miles: null });
  });

  it('refuses a title, status or date blanked by the update', () => {
    expect(messageOf(() => updatedRecordFields(current, { status: '' }))).toBe(`VALIDATION: ${INVALID}`);
    expect(messageOf(() => updatedRecordFields(current, { title: null }))).toBe(`VALIDATION: ${INVALID}`);
    expect(messageOf(() => updatedRecordFields(current, { serviceDate: ' ' }))).toBe(`VALIDATION: ${INVALID}`);
  });

  it('accepts the record a read returned, its price unchanged', () => {
    const asRead = {
      id: 9,
      title: 'Oil change',
      status: 'New',
      serviceDate: '2026-01-02',
      serviceType: 'Maintenance',
      serviceShop: 'Joe',
      notes: 'synthetic',
      machineId: 4,
      price: 49.99,
      miles: 1000,
      hours: null,
    };

    expect(updatedRecordFields(current, asRead)).toEqual(current);
  });
});

describe('money', () => {
  it.each([
    [0, 0],
    [12, 1200],
    [12.5, 1250],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [19.99, 1999],
    [9999999.99, 999999999],
  ])('stores %p as %p cents', (price, cents) => {
    expect(toCents(price)).toBe(cents);
  });

  it('refuses negative, too large and non-numeric prices', () => {
    expect(() => toCents(-0.01)).toThrow('Price must be a number from 0 to 9999999.99');
    expect(() => toCents(10_000_000)).toThrow('Price must be a number from 0 to 9999999.99');
    expect(() => toCents(Number.NaN)).toThrow('Price must be a number from 0 to 9999999.99');
    expect(() => toCents('abc')).toThrow('Price must be a number from 0 to 9999999.99');
  });

  it('answers cents as a number with at most 2 decimals', () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(1250)).toBe(12.5);
    expect(fromCents(7)).toBe(0.07);
    expect(fromCents(999999999)).toBe(9999999.99);
  });
});

describe(parseDate.name, () => {
  it('takes a date, or the date part of an ISO instant', () => {
    expect(parseDate('2026-03-04')).toBe('2026-03-04');
    expect(parseDate('2026-03-04T00:00:00.000Z')).toBe('2026-03-04');
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseDate('2025-02-29')).toBeUndefined();
    expect(parseDate('2026-13-01')).toBeUndefined();
    expect(parseDate('03/04/2026')).toBeUndefined();
    expect(parseDate('0999-01-01')).toBeUndefined();
    // Issue 36: an impossible time, and years outside DateLimits, are refused rather than cut to the date part.
    expect(parseDate('2026-12-31T25:61')).toBeUndefined();
    expect(parseDate('2026-12-31T23:59:60Z')).toBeUndefined();
    expect(parseDate('9999-12-31')).toBeUndefined();
    expect(parseDate('1899-12-31')).toBeUndefined();
    expect(parseDate('2026-12-31T23:59')).toBe('2026-12-31');
  });
});

describe(parseRecentQuery.name, () => {
  it('defaults to the first page of 12, newest service date first, no filter and no search', () => {
    expect(parseRecentQuery({})).toEqual({ page: 0, size: 12, status: null, sort: { field: 'serviceDate', direction: 'desc' }, search: null });
    expect(parseRecentQuery(null)).toEqual(parseRecentQuery({}));
  });

  it('reads field,dir sorts for every sortable column, asc when no direction is given', () => {
    expect(parseRecentQuery({ sort: 'machineName,asc' }).sort).toEqual({ field: 'machineName', direction: 'asc' });
    expect(parseRecentQuery({ sort: 'title,DESC' }).sort).toEqual({ field: 'title', direction: 'desc' });
    expect(parseRecentQuery({ sort: 'serviceType' }).sort).toEqual({ field: 'serviceType', direction: 'asc' });
    expect(parseRecentQuery({ sort: 'status,desc' }).sort).toEqual({ field: 'status', direction: 'desc' });
    expect(parseRecentQuery({ sort: '' }).sort).toEqual({ field: 'serviceDate', direction: 'desc' });
  });

  it.each([['price,asc'], ['title,up'], ['title;drop table'], [['title', 'status']]])('refuses the sort %p', (sort) => {
    expect(messageOf(() => validInput(RecentServicesQuery, { sort }))).toBe(
      'VALIDATION: Sort must be one of machineName, title, serviceDate, serviceType, status, optionally followed by ,asc or ,desc',
    );
  });

  it('bounds page and size on receipt (RecentServicesQuery)', () => {
    expect(messageOf(() => validInput(RecentServicesQuery, { page: -1 }))).toBe('VALIDATION: Page must be a whole number, 0 or more');
    expect(messageOf(() => validInput(RecentServicesQuery, { page: 1.5 }))).toBe('VALIDATION: Page must be a whole number, 0 or more');
    expect(messageOf(() => validInput(RecentServicesQuery, { size: 0 }))).toBe('VALIDATION: Size must be a whole number from 1 to 100');
    expect(messageOf(() => validInput(RecentServicesQuery, { size: 101 }))).toBe('VALIDATION: Size must be a whole number from 1 to 100');
    expect(parseRecentQuery(validInput(RecentServicesQuery, { page: 3, size: 100 }))).toMatchObject({ page: 3, size: 100 });
  });

  it('treats a blank status or search as none and trims them', () => {
    expect(parseRecentQuery({ status: '  ', q: '' })).toMatchObject({ status: null, search: null });
    expect(parseRecentQuery({ status: ' In Progress ', q: ' brake ' })).toMatchObject({ status: 'In Progress', search: 'brake' });
  });
});

describe('search and sort keys', () => {
  it('sorts and filters on the lower-case text', () => {
    expect(sortKey('  In Progress ')).toBe('in progress');
    expect(sortKey(null)).toBe('');
  });

  it('searches title, notes, shop, type and status in lower case', () => {
    expect(searchText({ title: 'Brake Pads', notes: null, serviceShop: "Joe's", serviceType: 'Repair', status: 'New' })).toBe("brake pads\njoe's\nrepair\nnew");
  });

  it('escapes LIKE wildcards so a search for 100% finds that text only', () => {
    expect(containsPattern('100%_OFF\\')).toBe('%100\\%\\_off\\\\%');
  });
});
