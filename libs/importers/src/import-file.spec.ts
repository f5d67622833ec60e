import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from './errors.js';
import { fixture } from './fixtures.js';
import { analyzeFile, normalizeFile } from './import-file.js';

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('analyzeFile', () => {
  it('refuses a JPEG renamed to .csv, an empty file and a header without rows', () => {
    expect(() => analyzeFile(fixture('photo.jpg.csv'), 'generic-fuel')).toThrow(ImportFileError);
    expect(() => analyzeFile(csv(''), 'generic-fuel')).toThrow('The file is empty.');
    expect(() => analyzeFile(fixture('header-only.csv'), 'generic-fuel')).toThrow(
      new ImportFileError('HEADER_ONLY', 'The file has a header but no rows to import.'),
    );
  });

  it('refuses 1,000,000 rows with the limit in the message', () => {
    const text = `Date,Gallons\n${'1/2/2024,1\n'.repeat(1_000_000)}`;
    expect(() => analyzeFile(csv(text), 'generic-fuel')).toThrow(
      'The file has more than 200,000 rows; an import takes at most 200,000. Split it into several files.',
    );
  });

  it('says when no date tells day and month apart', () => {
    const analysis = analyzeFile(csv('Date,Gallons\n01/02/2024,1\n03/04/2024,2\n'), 'generic-fuel');
    expect(analysis.detected.dateFormat).toBe('MM/DD/YYYY');
    expect(analysis.notes).toEqual([
      'No date in the file tells day and month apart (all are 12 or less): they are read as MM/DD/YYYY. Change the date format if that is wrong.',
    ]);
  });

  it('takes the user’s corrections over the detection', () => {
    const analysis = analyzeFile(csv('Date,Gallons\n01/02/2024,1\n'), 'generic-fuel', { dateFormat: 'DD/MM/YYYY', decimalSeparator: ',' });
    expect(analysis.detected).toMatchObject({ dateFormat: 'DD/MM/YYYY', decimalSeparator: ',' });
    expect(analysis.notes).toEqual([]);
  });
});

describe('normalizeFile', () => {
  const file =
    'Car,When,Litres?,Paid,Comment,Extra\nVan,2024-05-01,12.5,40.00,=HYPERLINK("x"),\nVan,2024-05-02,0.05,1.00,,\nVan,2024-05-03,1,abc,,\nVan,2024-05-04,10,30,,,,,,,surprise\n';

  it('uses the mapping the user chose and reports each row with the API’s messages', async () => {
    const analysis = analyzeFile(csv(file), 'generic-fuel');
    const result = await normalizeFile(analysis, {
      mapping: { When: 'date', 'Litres?': 'amount', Paid: 'totalPrice', Comment: 'notes' },
      machineColumn: 'Car',
    });
    expect(result.rows.map((r) => r.messages)).toEqual([
      [],
      ['row 3: Amount: Value must be at least 0.1'],
      ["row 4: Total price: 'abc' is not a number"],
      ['row 5: the row has 11 cells, the header 6'],
    ]);
    // A formula is text: it is stored as written, never evaluated.
    expect(result.rows[0].record).toMatchObject({ notes: '=HYPERLINK("x")', amount: 12.5, pricePerUnit: 3.2, totalPrice: 40 });
    expect(result.counts).toEqual({ valid: 1, warnings: 0, errors: 3 });
  });

  it('answers only the first rows for a preview', async () => {
    const analysis = analyzeFile(fixture('fuelly.csv'), 'fuelly');
    expect((await normalizeFile(analysis, { limit: 2 })).rows).toHaveLength(2);
  });

  it('refuses a mapping to an unknown column or field, or one field twice', async () => {
    const analysis = analyzeFile(csv(file), 'generic-fuel');
    await expect(normalizeFile(analysis, { mapping: { Nope: 'date' } })).rejects.toThrow("The file has no column 'Nope'.");
    await expect(normalizeFile(analysis, { mapping: { When: 'title' } })).rejects.toThrow("'title' is not a field of fuel records (column 'When').");
    await expect(normalizeFile(analysis, { mapping: { When: 'date', Comment: 'date' } })).rejects.toThrow(
      "Columns 'When' and 'Comment' are both mapped to date; map one.",
    );
    await expect(normalizeFile(analysis, { machineColumn: 'Nope' })).rejects.toThrow("The file has no column 'Nope'.");
  });
});
