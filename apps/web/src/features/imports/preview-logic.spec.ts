import { setReaderFormats } from '../../lib/format';
import { badCells, fieldResolver, machineMissingText, previewKeys, previewStatus, previewValue, recordLabel } from './preview-logic';

const MACHINE_MISSING_TEXT = machineMissingText();

const fuel = fieldResolver(['fuel']);

afterEach(() => setReaderFormats({ currency: 'USD', dateFormat: 'YYYY-MM-DD' }));

describe('the Map step preview (issue 38)', () => {
  it('names the columns as the fuel form does, not by the stored keys', () => {
    expect(['dateOfPurchase', 'currentMileage', 'totalPrice', 'fullTank'].map(recordLabel)).toEqual([
      'Date and Time of Purchase',
      'Current Mileage',
      'Total Price',
      'Filled the tank',
    ]);
    expect(recordLabel('someNewField')).toBe('Some new field');
  });

  it('shows stored instants and days in the member’s date format, not as ISO text', () => {
    setReaderFormats({ currency: 'USD', dateFormat: 'DD.MM.YYYY' });
    expect(previewValue('2024-03-20T13:00:00.000Z')).toMatch(/^2[01]\.03\.2024 \d{2}:\d{2}$/);
    expect(previewValue('2024-03-20')).toBe('20.03.2024');
    expect(previewValue(123020)).toBe('123,020');
  });

  it('shows an unreadable odometer as typed, with its message, in the odometer column', () => {
    const messages = ["row 4: Odometer: 'twelve' is not a number", "row 4: '31/02/2024' is not a date (expected MM/DD/YYYY or YYYY-MM-DD)"];
    expect(badCells(messages, fuel)).toEqual([
      { key: 'currentMileage', raw: 'twelve', message: "Odometer: 'twelve' is not a number" },
      { key: 'dateOfPurchase', raw: '31/02/2024', message: "'31/02/2024' is not a date (expected MM/DD/YYYY or YYYY-MM-DD)" },
    ]);
    // The column is there even when no row could fill it.
    expect(previewKeys([{ record: { machineId: 3, amount: 1 }, messages }], fuel, true)).toEqual(['amount', 'currentMileage', 'dateOfPurchase']);
  });

  it('does not call a row an error only because no machine is chosen yet, and says what is missing', () => {
    const noMachine = 'row 2: no machine: choose the machine of the file, or map the column that names it';
    expect(previewStatus({ status: 'error', messages: [noMachine] }, false)).toEqual({ status: 'waiting', messages: [MACHINE_MISSING_TEXT] });
    expect(previewStatus({ status: 'error', messages: [noMachine, "row 2: Odometer: 'x' is not a number"] }, false)).toEqual({
      status: 'error',
      messages: [MACHINE_MISSING_TEXT, "row 2: Odometer: 'x' is not a number"],
    });
    expect(previewStatus({ status: 'valid', messages: [] }, true).status).toBe('valid');
  });
});
