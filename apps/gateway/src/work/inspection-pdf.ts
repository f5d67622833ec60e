import type { Inspection } from '@wrenchlog/contracts';
import PDFDocument from 'pdfkit';
import { bodyFont } from '../reports/history-pdf.js';
import { MARGIN, PdfTable } from '../reports/history-pdf-table.js';

const RESULT_WORDS = { pass: 'Pass', fail: 'FAIL', na: 'N/A' } as const;

const range = (min: number | null, max: number | null) =>
  min !== null && max !== null ? `${min} to ${max}` : min !== null ? `at least ${min}` : max !== null ? `at most ${max}` : '';

/**
 * One inspection as a printable page (issue 35), with the history PDF's font (any script) and
 * table: the machine, form, date, meters and inspector, then each item with its result, value
 * and note, and the typed signature. Small enough to be written whole before it is sent.
 */
export function inspectionPdf(inspection: Inspection): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `Inspection #${inspection.id}`, Producer: 'Wrenchlog' } });
  doc.registerFont('body', bodyFont());
  doc.font('body');
  doc.fontSize(10).fillColor('#666').text(`Inspection #${inspection.id}`, { align: 'right' });
  doc.fontSize(20).fillColor('#000').text(inspection.formName);
  doc
    .fontSize(12)
    .fillColor('#333')
    .text(inspection.machineName ?? `Machine #${inspection.machineId}`);
  doc.moveDown(0.5);
  const details: [string, string | null][] = [
    ['Date', inspection.readAt],
    ['Odometer', inspection.meters?.distance != null ? String(inspection.meters.distance) : null],
    ['Hours', inspection.meters?.hours != null ? String(inspection.meters.hours) : null],
    ['Inspected by', inspection.createdBy?.name ?? null],
    ['Result', inspection.failedCount === 0 ? 'All items passed' : `${inspection.failedCount} item(s) failed`],
  ];
  doc.fontSize(11).fillColor('#000');
  for (const [label, value] of details) {
    if (value) {
      doc.text(`${label}: ${value}`);
    }
  }
  doc.moveDown();
  const table = new PdfTable(doc, [
    { header: 'Item', share: 0.4 },
    { header: 'Result', share: 0.12 },
    { header: 'Value (allowed)', share: 0.18 },
    { header: 'Note', share: 0.3 },
  ]);
  for (const item of inspection.items) {
    const allowed = range(item.min, item.max);
    const value = item.value !== null ? `${item.value}${allowed ? ` (${allowed})` : ''}` : '';
    table.row([item.label, RESULT_WORDS[item.result], value, item.note ?? '']);
  }
  doc.moveDown(2);
  doc.x = MARGIN;
  doc.fontSize(11).text(`Signed: ${inspection.signedBy ?? '(not signed)'}`);
  doc.end();
  return doc;
}
