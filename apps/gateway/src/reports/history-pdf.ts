import type { CostsReport, FuelRecord, Machine, Purchase, ServiceRecord } from '@wrenchlog/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { cell, day, MARGIN, measure, money, PdfTable } from './history-pdf-table.js';

/** What the PDF of a machine's history is made of; records and photos are read as they are written. */
export interface HistorySources {
  machine: Machine;
  period: { from: string; to: string };
  costs: CostsReport;
  /** The profile photo's bytes (any format sharp reads), or null. */
  profilePhoto: () => Promise<Buffer | null>;
  /** The machine's service records in the period, oldest first, a page at a time. */
  records: () => AsyncIterable<ServiceRecord>;
  /** The machine's fuel records in the period, oldest first. */
  fuelRecords: () => AsyncIterable<FuelRecord>;
  /** The machine's part purchases in the period, oldest first. */
  purchases: () => AsyncIterable<Purchase>;
  /** A record's photos, one at a time: its thumbnails, or its originals. */
  photos: (recordId: number, size: 'thumbnail' | 'original') => AsyncIterable<Buffer>;
  /** Also the full-size photos, as an appendix. */
  fullPhotos: boolean;
}

const THUMB = 110;
/** Hold the writer while this much PDF waits for a slow client (so memory stays bounded). */
const MAX_BUFFERED = 1 << 20;

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
export function bodyFont(): Buffer {
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
  await writeServiceRecords(doc, src);
  await writeFuelRecords(doc, src);
  await writePurchases(doc, src);

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

const sectionTitle = (doc: PDFKit.PDFDocument, title: string) => {
  if (doc.y > doc.page.height - MARGIN - 80) {
    doc.addPage();
  }
  doc.x = MARGIN;
  doc.fontSize(16).fillColor('#000').text(title);
  doc.moveDown(0.3);
};

/** Service records as a table, each row followed by its notes and its photos' thumbnails; their total cost. */
async function writeServiceRecords(doc: PDFKit.PDFDocument, src: HistorySources): Promise<void> {
  sectionTitle(doc, 'Service records');
  const table = new PdfTable(doc, [
    { header: 'Date', share: 0.12 },
    { header: 'Service', share: 0.24 },
    { header: 'Type', share: 0.14 },
    { header: 'Status', share: 0.1 },
    { header: 'Shop', share: 0.13 },
    { header: 'Odometer', share: 0.1, align: 'right' },
    { header: 'Hours', share: 0.08, align: 'right' },
    { header: 'Cost', share: 0.09, align: 'right' },
  ]);
  let count = 0;
  let cost = 0;
  for await (const r of src.records()) {
    count += 1;
    cost += r.price ?? 0;
    table.row([
      r.serviceDate,
      r.title,
      r.serviceType ?? '',
      r.status ?? '',
      r.serviceShop ?? '',
      cell(r.miles, measure('mi')),
      cell(r.hours, measure('h')),
      cell(r.price, money),
    ]);
    if (r.notes) {
      table.note(r.notes);
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
        if (rowTop + THUMB > doc.page.height - MARGIN) {
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
    await drained(doc);
  }
  if (count === 0) {
    table.note('No service records in this period.');
  }
  table.total([`Total (${count} ${count === 1 ? 'record' : 'records'})`, '', '', '', '', '', '', money(cost)]);
}

/** Fuel records itemised: date, odometer, hours, fuel, price, cost and economy; totals of fuel and cost. */
async function writeFuelRecords(doc: PDFKit.PDFDocument, src: HistorySources): Promise<void> {
  sectionTitle(doc, 'Fuel records');
  const table = new PdfTable(doc, [
    { header: 'Date', share: 0.12 },
    { header: 'Station', share: 0.22 },
    { header: 'Odometer', share: 0.13, align: 'right' },
    { header: 'Hours', share: 0.1, align: 'right' },
    { header: 'Fuel', share: 0.11, align: 'right' },
    { header: 'Price/gal', share: 0.1, align: 'right' },
    { header: 'Cost', share: 0.12, align: 'right' },
    { header: 'Economy', share: 0.1, align: 'right' },
  ]);
  let count = 0;
  let gallons = 0;
  let cost = 0;
  for await (const f of src.fuelRecords()) {
    count += 1;
    gallons += f.amount ?? 0;
    cost += f.totalPrice ?? 0;
    const station = [f.storeName, f.storeCity].filter(Boolean).join(', ');
    table.row([
      day(f.dateOfPurchase),
      station,
      cell(f.currentMileage, measure('mi')),
      cell(f.currentHours, measure('h')),
      cell(f.amount, (n) => `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })} gal`),
      cell(f.pricePerUnit, (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`),
      cell(f.totalPrice, money),
      cell(f.mpg, measure('mpg')),
    ]);
    await drained(doc);
  }
  if (count === 0) {
    table.note('No fuel records in this period.');
  }
  table.total([
    `Total (${count} ${count === 1 ? 'fill' : 'fills'})`,
    '',
    '',
    '',
    `${gallons.toLocaleString('en-US', { maximumFractionDigits: 3 })} gal`,
    '',
    money(cost),
    '',
  ]);
}

/** Part purchases itemised: date, part, store, status, quantity, unit price and cost; their total. */
async function writePurchases(doc: PDFKit.PDFDocument, src: HistorySources): Promise<void> {
  sectionTitle(doc, 'Part purchases');
  const table = new PdfTable(doc, [
    { header: 'Date', share: 0.11 },
    { header: 'Part', share: 0.23 },
    { header: 'Part number', share: 0.11 },
    { header: 'Store', share: 0.19 },
    { header: 'Status', share: 0.11 },
    { header: 'Qty', share: 0.05, align: 'right' },
    { header: 'Unit price', share: 0.1, align: 'right' },
    { header: 'Cost', share: 0.1, align: 'right' },
  ]);
  let count = 0;
  let cost = 0;
  for await (const p of src.purchases()) {
    count += 1;
    const line = Math.round((p.price ?? 0) * (p.quantity ?? 0) * 100) / 100;
    cost += line;
    table.row([
      day(p.purchaseDate),
      p.partDescription ? `${p.partName}: ${p.partDescription}` : p.partName,
      p.partNumber ?? '',
      p.storeName ?? '',
      p.partStatus ?? '',
      cell(p.quantity, (n) => n.toLocaleString('en-US')),
      cell(p.price, money),
      money(line),
    ]);
    await drained(doc);
  }
  if (count === 0) {
    table.note('No part purchases in this period.');
  }
  table.total([`Total (${count} ${count === 1 ? 'purchase' : 'purchases'})`, '', '', '', '', '', '', money(cost)]);
}
