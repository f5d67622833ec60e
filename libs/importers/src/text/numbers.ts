// Numbers as spreadsheets and trackers write them: a decimal point or a decimal comma, thousands
// separators, a currency symbol or code, spaces (also non-breaking). Read strictly: anything else
// (a formula like =1+2, 1e3, two decimal marks) is not a number and the row says so.

export type DecimalSeparator = '.' | ',';

export type NumberResult = { ok: true; value: number } | { ok: false; message: string };

const CURRENCY = /^(?:[A-Z]{3}\s*)?\p{Sc}*\s*|\s*\p{Sc}*(?:\s*[A-Z]{3})?$/gu;
const SPACES = /[\s\u00a0\u202f']/g;

/** The number a cell holds, read with the file's decimal separator; '' is undefined (no value). */
export function parseNumber(cell: string, decimal: DecimalSeparator): NumberResult | undefined {
  const raw = cell.trim();
  if (raw === '') {
    return undefined;
  }
  let text = raw.replace(/^R\$/, '').replace(CURRENCY, '').replace(SPACES, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    // Accounting negatives: (12.50).
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const thousands = decimal === '.' ? ',' : '.';
  const grouped = decimal === '.' ? /^\d{1,3}(,\d{3})+(\.\d+)?$/ : /^\d{1,3}(\.\d{3})+(,\d+)?$/;
  if (grouped.test(text)) {
    text = text.split(thousands).join('');
  }
  if (decimal === ',') {
    text = text.replace(',', '.');
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) {
    return { ok: false, message: `'${raw}' is not a number` };
  }
  const value = Number(text);
  return { ok: true, value: negative ? -value : value };
}

/**
 * The decimal separator of a file, from every cell that shows it: '30,50' (2 digits after a comma)
 * says comma, '3.459' next to '30,50' says the point groups thousands, '1,234.56' says point.
 * A comma-delimited file cannot hold unquoted decimal commas, so it leans to the point.
 */
export function detectDecimalSeparator(cells: Iterable<string>, delimiter: string): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of cells) {
    const cell = raw.trim().replace(/^R\$/, '').replace(CURRENCY, '').replace(SPACES, '').replace(/^-/, '');
    if (/^\d+,\d+$/.test(cell)) {
      // '1,234' could be a thousand; '30,50' or '1,5' cannot.
      comma += /^\d{1,3},\d{3}$/.test(cell) ? 0.1 : 1;
    } else if (/^\d+\.\d+$/.test(cell)) {
      point += /^\d{1,3}\.\d{3}$/.test(cell) ? 0.1 : 1;
    } else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(cell)) {
      comma += 1;
    } else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(cell)) {
      point += 1;
    }
  }
  if (comma === point) {
    return delimiter === ',' ? '.' : comma > 0 ? ',' : '.';
  }
  return comma > point ? ',' : '.';
}

// Yes and no as the trackers write them in their users' languages (Drivvo: 'Sim', 'Да', 'Sì').
const YES = new Set([
  '1',
  'true',
  'yes',
  'y',
  'x',
  'sim',
  'si',
  'sí',
  'sì',
  'ja',
  'oui',
  'vrai',
  'verdadeiro',
  'verdadero',
  'vero',
  'wahr',
  'да',
  'tak',
  'так',
]);
const NO = new Set(['0', 'false', 'no', 'n', 'não', 'nao', 'nein', 'non', 'faux', 'falso', 'falsch', 'нет', 'nie', 'ні', 'nee']);

/** Yes/no cells: 1/0, true/false, yes/no, y/n, x, and their translations; undefined when blank or unknown. */
export function parseBoolean(cell: string): boolean | undefined {
  const text = cell.trim().normalize('NFC').toLowerCase();
  if (YES.has(text)) {
    return true;
  }
  if (NO.has(text)) {
    return false;
  }
  return undefined;
}

/** Rounds half away from zero to `places` decimals, without the binary noise of 1.005 * 100. */
export function round(value: number, places: number): number {
  const factor = 10 ** places;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}
