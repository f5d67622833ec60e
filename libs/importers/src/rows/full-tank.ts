import type { Table } from '../csv/read-table.js';
import { parseBoolean } from '../text/numbers.js';
import type { RowReader } from './row.js';

/**
 * A fuel table's column of yes/no words that no field reads, when none is mapped to Full tank or
 * Partial fill: most likely the tracker's full-tank column under a name not known here. Without it
 * every fill is taken as full, so a 'no' in it is warned about on its row. Columns of 0 and 1 alone
 * (a discount, a count) are not taken for one.
 */
export function unmappedFullTankColumn(table: Table, fieldAt: (string | undefined)[]): number | undefined {
  if (fieldAt.includes('fullTank') || fieldAt.includes('partialFill')) {
    return undefined;
  }
  const at = table.columns.findIndex((_, i) => {
    if (fieldAt[i]) {
      return false;
    }
    const cells = table.rows.map((r) => (r.cells[i] ?? '').trim()).filter((c) => c !== '');
    return cells.length > 0 && cells.every((c) => parseBoolean(c) !== undefined) && cells.some((c) => !/^\d+$/.test(c));
  });
  return at >= 0 ? at : undefined;
}

export function warnUnmappedFullTank(reader: RowReader, column: string, cell: string | undefined): void {
  if (cell !== undefined && parseBoolean(cell) === false) {
    reader.warn(`'${column}' says '${cell.trim()}' and is not mapped to Full tank: the fill is taken as a full tank (map the column if it tells full fills)`);
  }
}
