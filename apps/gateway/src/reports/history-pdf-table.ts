// The tables of the history PDF (issue 38): a header row repeated on every page a table runs onto,
// rows whose cells wrap in their columns, and a totals row. pdfkit has no tables: each cell is drawn
// at its column's x, and a row is as tall as its tallest cell.

export const MARGIN = 50;
const PAD = 3;
const FONT_SIZE = 8.5;

export interface Column {
  header: string;
  /** Share of the page's text width (the shares of a table add up to 1). */
  share: number;
  align?: 'left' | 'right';
}

export const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** "2,090.5 mi": thousands separators and the unit. */
export const measure = (unit: string) => (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
/** A cell of an optional value: empty when there is none. */
export const cell = (n: number | null | undefined, f: (n: number) => string) => (n === null || n === undefined ? '' : f(n));
/** The day of an ISO instant or date. */
export const day = (iso: string) => iso.slice(0, 10);

/** One table being written: `row()` for each record (streamed), `total()` once at its end. */
export class PdfTable {
  private readonly widths: number[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: Column[],
  ) {
    const width = doc.page.width - 2 * MARGIN;
    this.widths = columns.map((c) => c.share * width);
    this.header();
  }

  private bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  /** Each cell's width: a text cell also takes the empty cells after it (a totals row's label). */
  private spans(cells: string[]): number[] {
    const spans = cells.map(() => 0);
    let owner = -1;
    cells.forEach((text, i) => {
      if (text || i === 0) {
        spans[i] = this.widths[i]!;
        owner = this.columns[i]!.align === 'right' ? -1 : i;
      } else if (owner >= 0) {
        spans[owner]! += this.widths[i]!;
      }
    });
    return spans;
  }

  private height(cells: string[]): number {
    this.doc.fontSize(FONT_SIZE);
    const spans = this.spans(cells);
    return (
      Math.max(...cells.map((text, i) => (text ? this.doc.heightOfString(text, { width: spans[i]! - 2 * PAD }) : 0)), this.doc.currentLineHeight()) + 2 * PAD
    );
  }

  private draw(cells: string[], y: number, color: string): void {
    let x = MARGIN;
    const spans = this.spans(cells);
    this.doc.fontSize(FONT_SIZE).fillColor(color);
    cells.forEach((text, i) => {
      if (text) {
        this.doc.text(text, x + PAD, y + PAD, { width: spans[i]! - 2 * PAD, align: this.columns[i]!.align ?? 'left' });
      }
      x += this.widths[i]!;
    });
  }

  private header(): void {
    const cells = this.columns.map((c) => c.header);
    const h = this.height(cells);
    if (this.doc.y + h * 2 > this.bottom()) {
      this.doc.addPage();
    }
    const y = this.doc.y;
    this.doc.rect(MARGIN, y, this.doc.page.width - 2 * MARGIN, h).fill('#e8e8e8');
    this.draw(cells, y, '#000');
    this.moveTo(y + h);
  }

  private moveTo(y: number): void {
    this.doc.x = MARGIN;
    this.doc.y = y;
  }

  /** Room for `h` more points on this page, else a new page with the header again. */
  ensure(h: number): void {
    if (this.doc.y + h > this.bottom()) {
      this.doc.addPage();
      this.header();
    }
  }

  row(cells: string[]): void {
    const h = this.height(cells);
    this.ensure(h);
    const y = this.doc.y;
    this.draw(cells, y, '#000');
    this.rule(y + h, '#cccccc');
    this.moveTo(y + h);
  }

  /** A line of text under a row across the whole table (a record's notes). */
  note(text: string): void {
    this.doc.fontSize(FONT_SIZE);
    const width = this.doc.page.width - 2 * MARGIN - 4 * PAD;
    const h = this.doc.heightOfString(text, { width }) + 2 * PAD;
    this.ensure(h);
    const y = this.doc.y;
    this.doc.fillColor('#444').text(text, MARGIN + 2 * PAD, y + PAD, { width });
    this.moveTo(y + h);
  }

  /** The totals row, set off by a heavier rule. */
  total(cells: string[]): void {
    const h = this.height(cells);
    this.ensure(h);
    const y = this.doc.y;
    this.rule(y, '#000');
    this.draw(cells, y, '#000');
    this.moveTo(y + h);
    this.doc.moveDown();
  }

  private rule(y: number, color: string): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(this.doc.page.width - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  }
}
