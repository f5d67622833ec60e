import type { CostsReport, Machine, ServiceRecord } from '@wrenchlog/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** What the PDF of a machine's history is made of; records and photos are read as they are written. */
export interface HistorySources {
  machine: Machine;
  period: { from: string; to: string };
  costs: CostsReport;
  /** The profile photo's bytes (any format sharp reads), or null. */
  profilePhoto: () => Promise<Buffer | null>;
  /** The machine's service records in the period, oldest first, a page at a time. */
  records: () => AsyncIterable<ServiceRecord>;
  /** A record's photos, one at a time: its thumbnails, or its originals. */
  photos: (recordId: number, size: 'thumbnail' | 'original') => AsyncIterable<Buffer>;
  /** Also the full-size photos, as an appendix. */
  fullPhotos: boolean;
}

const MARGIN = 50;
const THUMB = 110;
/** Hold the writer while this much PDF waits for a slow client (so memory stays bounded). */
const MAX_BUFFERED = 1 << 20;

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** "2,090.5 mi": thousands separators and the unit. */
const measure = (unit: string) => (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
const UNIT_NAMES: Record<string, string> = { mi: 'mile', km: 'kilometre' };
const orNa = (n: number | null, f: (n: number) => string) => (n === null ? 'n/a' : f(n));

/** A photo as a JPEG pdfkit can embed, no larger than it is drawn (sharp: any stored format). */
async function asJpeg(bytes: Buffer, maxSide: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    return null; // an unreadable photo is left out, never the whole document
  }
}

/** Waits while the client has not read what was written (the stream is pushed, not pulled). */
async function drained(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > MAX_BUFFERED && !doc.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        doc.off('data', done);
        doc.off('close', done);
        resolve();
      };
      doc.once('data', done);
      doc.once('close', done);
    });
  }
}

/**
 * DejaVu Sans (Latin, Cyrillic, Greek and more; its Bitstream Vera licence allows embedding): the
 * standard Helvetica only writes WinAnsi, so "Замена масла" came out garbled (issue 36). pdfkit
 * embeds only the glyphs used, with a ToUnicode map, so the text can be copied and searched.
 * Read once; each document gets the bytes.
 */
let fontBytes: Buffer | null = null;
function bodyFont(): Buffer {
  fontBytes ??= readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
}

export function createHistoryDocument(machine: Machine): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `${machine.name}: history`, Producer: 'Wrenchlog' }, bufferPages: false });
  doc.registerFont('body', bodyFont());
  return doc.font('body');
}

/**
 * Writes the history (issue 22): a cover with the machine's details and profile photo, a summary
 * of costs and usage, every service record in date order with its photos as thumbnails, and with
 * `fullPhotos` the full-size photos as an appendix. Pages are flushed as they are done and each
 * photo is read, shrunk and written one at a time, so neither 2,000 records nor 500 photos are ever
 * held together.
 */
export async function writeHistoryPdf(doc: PDFKit.PDFDocument, src: HistorySources): Promise<void> {
  const { machine, costs, period } = src;
  const bottom = () => doc.page.height - MARGIN;
  doc.fontSize(10).fillColor('#666').text('Machine history', { align: 'right' });
  doc.moveDown(2);
  doc.fontSize(26).fillColor('#000').text(machine.name);
  doc.fontSize(14).fillColor('#333').text([machine.year, machine.make, machine.model, machine.submodel].filter(Boolean).join(' '));
  doc.moveDown();
  const details: [string, string | number | null][] = [
    ['Type', machine.type],
    ['VIN', machine.vin],
    ['Color', machine.color],
    ['License', machine.license],
    ['Purchased', machine.purchasedDate],
    ['Miles', machine.miles === null ? null : measure('mi')(machine.miles)],
    ['Hours', machine.hours === null ? null : measure('h')(machine.hours)],
    ['Period', `${period.from} to ${period.to}`],
  ];
  doc.fontSize(11).fillColor('#000');
  for (const [label, value] of details) {
    if (value !== null && value !== '') {
      doc.text(`${label}: ${value}`);
    }
  }
  const photo = await src.profilePhoto();
  const jpeg = photo && (await asJpeg(photo, 600));
  if (jpeg) {
    doc.moveDown();
    doc.image(jpeg, { fit: [300, 300] });
  }

  doc.addPage();
  doc.fontSize(18).text('Summary');
  doc.moveDown(0.5).fontSize(11);
  const t = costs.totals;
  for (const line of [
    `Fuel: ${money(t.fuel)}`,
    `Service: ${money(t.service)}`,
    `Parts: ${money(t.parts)}`,
    `Total: ${money(t.total)}`,
    `Distance in the period: ${orNa(costs.usage.distance, measure(costs.usage.distanceUnit))}`,
    `Engine hours in the period: ${orNa(costs.usage.hours, measure('h'))}`,
    `Cost per ${UNIT_NAMES[costs.usage.distanceUnit] ?? costs.usage.distanceUnit}: ${orNa(costs.costPerDistance, money)}`,
    `Cost per engine hour: ${orNa(costs.costPerHour, money)}`,
  ]) {
    doc.text(line);
  }
  doc.moveDown();
  for (const m of costs.months.filter((x) => x.total !== 0)) {
    doc.text(`${m.month}: fuel ${money(m.fuel)}, service ${money(m.service)}, parts ${money(m.parts)}, total ${money(m.total)}`);
  }

  doc.addPage();
  doc.fontSize(18).text('Service records');
  doc.moveDown(0.5);
  let count = 0;
  for await (const r of src.records()) {
    count += 1;
    if (doc.y > bottom() - 80) {
      doc.addPage();
    }
    doc.fontSize(13).fillColor('#000').text(`${r.serviceDate}  ${r.title}`);
    const meta = [
      r.serviceType,
      r.status,
      r.serviceShop,
      r.miles !== null ? measure('mi')(r.miles) : null,
      r.hours !== null ? measure('h')(r.hours) : null,
      money(r.price),
    ]
      .filter(Boolean)
      .join(' · ');
    doc.fontSize(10).fillColor('#333').text(meta);
    if (r.notes) {
      doc.fillColor('#000').text(r.notes);
    }
    let x = MARGIN;
    let rowTop: number | null = null;
    for await (const bytes of src.photos(r.id, 'thumbnail')) {
      const thumb = await asJpeg(bytes, THUMB * 2);
      if (!thumb) {
        continue;
      }
      if (rowTop === null || x + THUMB > doc.page.width - MARGIN) {
        rowTop = rowTop === null ? doc.y + 4 : rowTop + THUMB + 6;
        x = MARGIN;
        if (rowTop + THUMB > bottom()) {
          doc.addPage();
          rowTop = doc.y;
        }
      }
      doc.image(thumb, x, rowTop, { fit: [THUMB, THUMB] });
      x += THUMB + 6;
      await drained(doc);
    }
    if (rowTop !== null) {
      doc.x = MARGIN;
      doc.y = rowTop + THUMB + 6;
    }
    doc.moveDown();
    await drained(doc);
  }
  if (count === 0) {
    doc.fontSize(11).text('No service records in this period.');
  }

  if (src.fullPhotos) {
    let first = true;
    for await (const r of src.records()) {
      for await (const bytes of src.photos(r.id, 'original')) {
        const full = await asJpeg(bytes, 1600);
        if (!full) {
          continue;
        }
        doc.addPage();
        if (first) {
          doc.fontSize(18).text('Appendix: photos');
          first = false;
        }
        doc.fontSize(10).text(`${r.serviceDate}  ${r.title}`);
        doc.image(full, { fit: [doc.page.width - 2 * MARGIN, doc.page.height - 2 * MARGIN - 60], align: 'center' });
        await drained(doc);
      }
    }
  }
}
