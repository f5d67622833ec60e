import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';
import { detectDelimiter, readTable } from './read-table.js';
import { splitSections } from './sections.js';

describe('detectDelimiter', () => {
  it('finds comma, semicolon and tab', () => {
    expect(detectDelimiter('Date,Odometer,Cost\n1/2/2024,100,"1,5"\n')).toBe(',');
    expect(detectDelimiter('Date;Odometer;Cost\n20.03.2024;9.135;30,50\n')).toBe(';');
    expect(detectDelimiter('Machine\tDate\tTitle\nTruck 7\t05/14/2024\tBrake pads, front\n')).toBe('\t');
  });

  it('takes a comma for a one-column file', () => {
    expect(detectDelimiter('Name\nOld Blue\n')).toBe(',');
  });
});

describe('readTable', () => {
  it('strips invisible format characters (bidi marks, zero-width spaces, a BOM) at the edges of cells, not inside', () => {
    const table = readTable('\u200eName,Part\nOil\u200b filter\u200b,\u200e\ufeff90915-YZZD4 \u2069\n', ',');
    expect(table.columns).toEqual(['Name', 'Part']);
    expect(table.rows[0].cells).toEqual(['Oil\u200b filter', '90915-YZZD4']);
  });

  it('numbers rows by their file line, across quoted line breaks and blank lines', () => {
    const table = readTable('Date,Notes\r\n1/2/2024,"two\r\nlines"\r\n\r\n1/3/2024,"say ""hi"""\r\n', ',');
    expect(table.columns).toEqual(['Date', 'Notes']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['1/2/2024', 'two\nlines'] },
      { rowNumber: 5, cells: ['1/3/2024', 'say "hi"'] },
    ]);
  });

  it('names blank and repeated columns', () => {
    expect(readTable('Notes,,notes\n1,2,3\n', ',').columns).toEqual(['Notes', 'Column 2', 'notes (2)']);
  });

  it('refuses a file over the row limit with the limit in the message', () => {
    const text = `A\n${'1\n'.repeat(IMPORT_LIMITS.maxRows + 1)}`;
    expect(() => readTable(text, ',')).toThrow(
      new ImportFileError('TOO_MANY_ROWS', 'The file has more than 200,000 rows; an import takes at most 200,000. Split it into several files.'),
    );
  });

  it('refuses a header of more than 100 columns', () => {
    const text = `${Array.from({ length: 500 }, (_, i) => `c${i}`).join(',')}\n1\n`;
    expect(() => readTable(text, ',')).toThrow('The header has 500 columns; an import takes at most 100.');
  });

  it('refuses a record over 256 KB at once, naming its line, and keeps the longest real record', () => {
    // The restore entry: 14 MB on one line (with and without delimiters and quotes).
    for (const junk of ['a'.repeat(14e6), 'a,'.repeat(7e6), '"'.repeat(14e6)]) {
      expect(() => readTable(`Date,Notes\n2024-01-02,ok\n${junk}\n`, detectDelimiter(junk))).toThrow(
        new ImportFileError('MALFORMED', 'Line 3 is longer than 256 KB; an import takes shorter lines. Is this a CSV file?'),
      );
    }
    const widest = Array.from({ length: 100 }, () => 'n'.repeat(2000)).join(',');
    expect(readTable(`${Array.from({ length: 100 }, (_, i) => `c${i}`).join(',')}\n${widest}\n`, ',').rows[0].cells).toHaveLength(100);
  });

  it('says where a quote is left open', () => {
    expect(() => readTable('A,B\n1,"open\n', ',')).toThrow(/^The file cannot be read as CSV: .*line 2/);
  });
});

describe('splitSections', () => {
  it('splits a Drivvo file and knows translated section names', () => {
    const sections = splitSections('##Abastecimento\nOdometer,Date\n1,2\n\n##Serviço\nOdometer\n3\n##Lembretes\nx\n');
    expect(sections.map((s) => [s.name, s.kind, s.firstLine])).toEqual([
      ['Abastecimento', 'refuelling', 2],
      ['Serviço', 'service', 6],
      ['Lembretes', undefined, 9],
    ]);
  });
});
