import { parse } from 'csv-parse/sync';
import { csvCell, toCsv } from './csv.js';

describe('csv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends rows with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines']])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it('writes a formula-looking text so a spreadsheet keeps it as text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('writes numbers as numbers (a negative one too) and nothing for null', () => {
    expect(toCsv([[-12.5, 0, null, undefined, 3]])).toBe('-12.5,0,,,3\r\n');
  });

  it('reads back through a CSV parser cell for cell', () => {
    const rows = [
      ['Date', 'Notes'],
      ['2026-01-02', 'oil, filter and "the" seal\r\nnext line'],
    ];
    expect(parse(toCsv(rows))).toEqual(rows);
  });
});
