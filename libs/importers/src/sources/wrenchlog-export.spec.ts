import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type FuelRecord,
  type MachineExportItem,
  type MeterReadingExportItem,
  type Part,
  type Purchase,
  type Supplier,
  ScheduleMessages,
} from '@wrenchlog/contracts';
import { anExportedMachine, anExportedSchedule, anExportedServiceRecord } from '@wrenchlog/testing';
import { parse } from 'csv-parse/sync';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { ImportFileError } from '../errors.js';
import { exportCsv, exportRow } from '../export/export-csv.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

const machine = anExportedMachine({
  name: 'Crew "Cab", 2',
  vin: '1FT7W2BT0KEC12345',
  serialNumber: 'SN-42',
  color: 'Ü-Blau',
  description: '=HYPERLINK("http://evil","x")',
  purchasedDate: '2019-05-02',
  lastServicedDate: '2024-03-20',
  miles: 48211,
  hours: 1520.5,
  license: 'ABC-123',
  licenseExpirationDate: '2025-06-30',
  profilePhoto: 3,
});

const service = anExportedServiceRecord({
  title: '-Oil change, filter',
  machineName: machine.name,
  serviceShop: '@Shop',
  notes: 'Line one\nline "two"',
  price: 89.95,
  miles: 48000.5,
});

const fuel: FuelRecord = {
  id: 21,
  createdBy: null,
  updatedBy: null,
  machineId: 7,
  amount: 18.234,
  pricePerUnit: 3.459,
  totalPrice: 63.07,
  dateOfPurchase: '2024-03-21T17:30:00.000Z',
  dateCreated: '2024-03-21T18:00:00.000Z',
  notes: "'=already escaped",
  storeName: 'Shell',
  storeCity: 'Austin',
  storeState: 'TX',
  currentHours: null,
  currentMileage: 48300.4,
  lastMileage: 48000.1,
  fullTank: false,
  missedPrevious: true,
  mpg: null,
};

const purchase: Purchase = {
  id: 31,
  createdBy: null,
  updatedBy: null,
  partName: 'Air filter',
  partNumber: '+A-100',
  partDescription: 'Fits 2019',
  partUrl: null,
  quantity: 2,
  price: 24.5,
  storeName: 'NAPA',
  storeCity: null,
  storeState: null,
  storeAddress: null,
  partStatus: 'Purchased',
  purchaseDate: '2024-03-22T12:00:00.000Z',
  createDate: '2024-03-22T12:05:00.000Z',
  machineId: 7,
  partId: null,
  userId: 1,
  storeId: null,
};

const supplier: Supplier = {
  id: 41,
  createdBy: null,
  updatedBy: null,
  name: 'NAPA, Main St',
  contact: 'Dana',
  email: 'dana@napa.example',
  phone: '+1 512 555 0100',
  address: null,
};

const part: Part = {
  id: 51,
  createdBy: null,
  updatedBy: null,
  partNumber: 'A-100',
  name: 'Air filter',
  description: '=cmd',
  category: 'Filters',
  quantity: 3,
  reserved: 0,
  available: 3,
  minStock: 1,
  price: 12.25,
  supplierId: 41,
  supplier: supplier.name,
  brand: null,
  stockStatus: 'in-stock',
};

const reading: MeterReadingExportItem = {
  id: 61,
  createdBy: null,
  updatedBy: null,
  meterId: 5,
  machineId: 7,
  value: 48500,
  lifetimeValue: 48500,
  readAt: '2024-03-25',
  void: false,
  rollover: false,
  replacement: false,
  source: 'manual',
  sourceId: null,
  dateCreated: '2024-03-25T09:00:00.000Z',
  meterKind: 'distance',
  unit: 'mi',
};

const schedule = anExportedSchedule({ machineName: machine.name });

/** The CSV text as a spreadsheet reads it: header names to cells. */
const table = (csv: string): Record<string, string>[] => parse(csv, { bom: true, columns: true }) as Record<string, string>[];

function exportZip(files: Record<string, string> = {}, m: MachineExportItem = machine, formatVersion = EXPORT_FORMAT_VERSION): Uint8Array {
  const manifest = { format: EXPORT_FORMAT, formatVersion, exportedAt: '2024-04-01T00:00:00.000Z' };
  return zipSync({
    'manifest.json': strToU8(JSON.stringify(manifest)),
    'machines.csv': strToU8(exportCsv('machines', [exportRow.machines(m, ['photos/machines/7/3-profile.jpg'])])),
    'service-records.csv': strToU8(exportCsv('serviceRecords', [exportRow.serviceRecords(service, machine.name, [])])),
    'fuel-records.csv': strToU8(exportCsv('fuelRecords', [exportRow.fuelRecords(fuel, machine.name)])),
    'part-purchases.csv': strToU8(exportCsv('partPurchases', [exportRow.partPurchases(purchase, machine.name)])),
    'photos/machines/7/3-profile.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  });
}

describe('wrenchlog-export source', () => {
  it('escapes formula-looking text in the CSV it writes', () => {
    const csv = exportCsv('serviceRecords', [exportRow.serviceRecords(service, machine.name, [])]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`,"'-Oil change, filter",`);
    expect(csv).toContain(",'@Shop,");
    expect(exportCsv('machines', [exportRow.machines(machine, [])])).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('writes suppliers, parts, meter readings and schedules with their fields and machine names (format 2)', () => {
    const suppliers = exportCsv('suppliers', [exportRow.suppliers(supplier)]);
    expect(suppliers.split('\n')[0]).toBe('\uFEFFid,name,contact,email,phone,address');
    expect(suppliers).toContain('41,"NAPA, Main St",Dana,dana@napa.example,\'+1 512 555 0100,');

    const [p] = table(exportCsv('parts', [exportRow.parts(part)]));
    expect(p).toEqual({
      id: '51',
      partNumber: 'A-100',
      name: 'Air filter',
      description: "'=cmd",
      category: 'Filters',
      quantity: '3',
      minStock: '1',
      price: '12.25',
      supplierId: '41',
      supplier: 'NAPA, Main St',
      brand: '',
      stockStatus: 'in-stock',
    });

    const [r] = table(exportCsv('meterReadings', [exportRow.meterReadings(reading, 'Pickup')]));
    expect(r).toMatchObject({
      machineId: '7',
      machine: 'Pickup',
      meterKind: 'distance',
      unit: 'mi',
      value: '48500',
      readAt: '2024-03-25',
      void: 'false',
      source: 'manual',
    });

    const [sc] = table(exportCsv('schedules', [exportRow.schedules(schedule, 'Pickup')]));
    // The schedule's own due-soon windows (blank: the defaults), not the ones in force.
    expect(sc).toMatchObject({ machine: 'Pickup', intervalMonths: '6', intervalDistance: '5000', soonDays: '', soonDistance: '300', soonHours: '' });
    expect(sc).toMatchObject({ recurring: 'true', anchor: 'completion', baseDate: '2023-09-01', baseDistance: '43000', nextDueDate: '2024-09-20' });
    expect(sc.completedBy).toBe('11 9');
    expect(Object.keys(sc)).not.toContain('reason');
  });

  it("names a schedule's machine from its own copy when machines.csv did not give it", () => {
    expect(table(exportCsv('schedules', [exportRow.schedules(schedule, undefined)]))[0].machine).toBe(machine.name);
  });

  it("restores a format 2 export's suppliers and parts with the export's ids they and the purchases name, its readings but those records give, and its schedules with the export ids of the records that completed them but the machine's own items and a done one-off naming none; still reads a format 1 export", async () => {
    const format2 = {
      'suppliers.csv': exportCsv('suppliers', [exportRow.suppliers(supplier)]),
      'parts.csv': exportCsv('parts', [exportRow.parts(part)]),
      'part-purchases.csv': exportCsv('partPurchases', [exportRow.partPurchases({ ...purchase, partId: 51, storeId: 41 }, machine.name)]),
      'meter-readings.csv': exportCsv('meterReadings', [
        exportRow.meterReadings(reading, machine.name),
        exportRow.meterReadings({ ...reading, id: 62, value: 48100, source: 'fuel_record', sourceId: 21 }, machine.name),
        exportRow.meterReadings({ ...reading, id: 63, meterKind: 'hours', unit: 'h', value: 310.5, void: true }, machine.name),
      ]),
      'schedules.csv': exportCsv('schedules', [
        exportRow.schedules(schedule, machine.name),
        exportRow.schedules({ ...schedule, id: 72, recurring: false, done: true, completedBy: [11] }, machine.name),
        exportRow.schedules({ ...schedule, id: 73, origin: 'license', completedBy: [] }, machine.name),
        exportRow.schedules({ ...schedule, id: 74, recurring: false, done: true, completedBy: [] }, machine.name),
      ]),
    };
    const restored = await normalizeFile(analyzeFile(exportZip(format2), 'wrenchlog-export'), { knownMachines: [] });
    // The fuel record's reading comes back with the fuel record: not a row of its own.
    // The license item (73) and a done one-off that names no record (74) are not rows either; the one done by record 11 (72) is.
    expect(restored.rows.map((r) => r.kind)).toEqual([
      'machine',
      'service',
      'fuel',
      'purchase',
      'supplier',
      'part',
      'reading',
      'reading',
      'schedule',
      'schedule',
    ]);
    expect(restored.counts).toEqual({ valid: 10, warnings: 0, errors: 0 });
    expect(restored.rows.filter((r) => r.kind === 'reading').map((r) => r.record)).toEqual([
      { machineId: 1, meterKind: 'distance', unit: 'mi', value: 48500, readAt: '2024-03-25', void: false, rollover: false, source: 'manual' },
      { machineId: 1, meterKind: 'hours', unit: 'h', value: 310.5, readAt: '2024-03-25', void: true, rollover: false, source: 'manual' },
    ]);
    const record = (kind: string) => restored.rows.find((r) => r.kind === kind)!.record;
    // The service record keeps its export id, which the schedules' completions name.
    expect(record('service')).toMatchObject({ title: '-Oil change, filter', exportRefs: { id: '11' } });
    // The schedule's own windows, its baseline and last done, and the records that completed it (by their export ids).
    expect(record('schedule')).toEqual({
      machineId: 1,
      title: 'Oil change',
      serviceType: 'Maintenance',
      origin: 'user',
      intervalMonths: 6,
      intervalDistance: 5000,
      soonDistance: 300,
      recurring: true,
      anchor: 'completion',
      baseDate: '2023-09-01',
      baseDistance: 43000,
      lastDoneDate: '2024-03-20',
      lastDoneDistance: 48000,
      done: false,
      completions: 2,
      exportRefs: { completedBy: ['11', '9'] },
    });
    expect(restored.rows.filter((r) => r.kind === 'schedule')[1].record).toMatchObject({
      recurring: false,
      done: true,
      completions: 1,
      exportRefs: { completedBy: ['11'] },
    });
    expect(record('supplier')).toEqual({
      name: 'NAPA, Main St',
      contact: 'Dana',
      email: 'dana@napa.example',
      phone: '+1 512 555 0100',
      exportRefs: { id: '41' },
    });
    // Validated with a stand-in supplier (1); the job gives it the id of the supplier the restore writes for '41'.
    expect(record('part')).toEqual({
      partNumber: 'A-100',
      name: 'Air filter',
      description: '=cmd',
      category: 'Filters',
      quantity: 3,
      minStock: 1,
      price: 12.25,
      supplierId: 1,
      exportRefs: { id: '51', supplier: '41' },
    });
    expect(record('purchase')).toMatchObject({ partName: 'Air filter', quantity: 2, exportRefs: { part: '51', store: '41' } });

    const format1 = await normalizeFile(analyzeFile(exportZip({}, machine, 1), 'wrenchlog-export'), { knownMachines: [] });
    expect(format1.rows.map((r) => r.kind)).toEqual(['machine', 'service', 'fuel', 'purchase']);
    expect(format1.counts).toEqual({ valid: 4, warnings: 0, errors: 0 });
    expect(format1.rows.find((r) => r.kind === 'purchase')!.record).not.toHaveProperty('exportRefs');
  });

  it('refuses a meter replacement reading and a reading of an unknown meter, each with why', async () => {
    const readings = exportCsv('meterReadings', [
      exportRow.meterReadings({ ...reading, replacement: true }, machine.name),
      exportRow.meterReadings({ ...reading, id: 64, meterKind: 'hours', unit: 'mi' }, machine.name),
    ]);
    const { rows } = await normalizeFile(analyzeFile(exportZip({ 'meter-readings.csv': readings }), 'wrenchlog-export'), { knownMachines: [] });
    expect(rows.filter((r) => r.kind === 'reading').map((r) => [r.status, r.messages[0]?.replace(/^row \d+: /, '')])).toEqual([
      ['error', 'a meter replacement is not restored: skip this row and replace the meter again by hand'],
      ['error', "Unit: 'mi' is not a unit of an hours meter"],
    ]);
  });

  it('refuses a restored schedule the API would refuse, with the field and its message', async () => {
    const schedules = exportCsv('schedules', [
      exportRow.schedules({ ...schedule, title: '' }, machine.name),
      exportRow.schedules({ ...schedule, id: 74, anchor: 'sometimes' as never }, machine.name),
      exportRow.schedules({ ...schedule, id: 75, baseDate: '2023-02-30' }, machine.name),
    ]);
    const { rows } = await normalizeFile(analyzeFile(exportZip({ 'schedules.csv': schedules }), 'wrenchlog-export'), { knownMachines: [] });
    expect(rows.filter((r) => r.kind === 'schedule').map((r) => [r.status, r.messages[0]?.replace(/^row \d+: /, '')])).toEqual([
      ['error', ScheduleMessages.title],
      ['error', ScheduleMessages.anchor],
      ['error', `Baseline date: ${ScheduleMessages.lastDoneDate}`],
    ]);
  });

  it("refuses a restored part whose supplier is not named, with the field's message", async () => {
    const parts = exportCsv('parts', [exportRow.parts({ ...part, supplierId: null as unknown as number, category: 'Tyres' as never })]);
    const { rows } = await normalizeFile(analyzeFile(exportZip({ 'parts.csv': parts }), 'wrenchlog-export'), { knownMachines: [] });
    const row = rows.find((r) => r.kind === 'part')!;
    expect(row.status).toBe('error');
    expect(row.messages).toEqual([`row ${row.rowNumber}: Supplier is required`]);
  });

  it('lists each document with its record kind, record id, machine name, file name and path in the ZIP (format 3)', () => {
    const csv = exportCsv('documents', [
      exportRow.documents(
        {
          id: 4,
          parentKind: 'service-record',
          parentId: 11,
          machineId: 7,
          fileName: '=Invoice, May.pdf',
          contentType: 'application/pdf',
          size: 2048,
          objectKey: 'u1/0f0e0d0c-0000-4000-8000-000000000001-document.pdf',
          createdAt: '2024-04-01T10:00:00.000Z',
        },
        machine.name,
        'documents/service-records/11/4-_Invoice_May.pdf',
      ),
    ]);
    expect(csv.split('\n')[0]).toBe('\uFEFFid,kind,recordId,machineId,machine,fileName,size,path,createdAt');
    expect(table(csv)).toEqual([
      {
        id: '4',
        kind: 'service-record',
        recordId: '11',
        machineId: '7',
        machine: machine.name,
        fileName: "'=Invoice, May.pdf",
        size: '2048',
        path: 'documents/service-records/11/4-_Invoice_May.pdf',
        createdAt: '2024-04-01T10:00:00.000Z',
      },
    ]);
    // The object key stays out of the file: it means nothing in another installation.
    expect(csv).not.toContain('u1/');
  });

  it('reads a format 3 export with documents.csv and PDFs as the same rows (the documents are no rows), and one without as before', async () => {
    const documents = exportCsv('documents', []);
    const withDocuments = unzipSync(exportZip({ 'documents.csv': documents }, machine, 3));
    withDocuments['documents/machines/7/4-manual.pdf'] = strToU8('%PDF-1.4 manual');
    const read = async (zip: Uint8Array) =>
      (await normalizeFile(analyzeFile(zip, 'wrenchlog-export'), { knownMachines: [] })).rows.map((r) => [r.kind, r.status]);
    const rows = await read(zipSync(withDocuments));
    expect(rows).toEqual([
      ['machine', 'valid'],
      ['service', 'valid'],
      ['fuel', 'valid'],
      ['purchase', 'valid'],
    ]);
    expect(await read(exportZip({}, machine, 2))).toEqual(rows);
    expect(analyzeFile(zipSync(withDocuments), 'wrenchlog-export').columns.some((c) => c.startsWith('documents.csv'))).toBe(false);
  });

  it('restores every kind a format 2 export holds: its upload says nothing is left in the ZIP', () => {
    const zip = unzipSync(exportZip());
    zip['manifest.json'] = strToU8(
      JSON.stringify({ format: EXPORT_FORMAT, formatVersion: 2, counts: { machines: 1, suppliers: 2, parts: 5, meterReadings: 4, schedules: 1, photos: 3 } }),
    );
    expect(analyzeFile(zipSync(zip), 'wrenchlog-export').notes).toEqual([]);
    expect(analyzeFile(exportZip({}, machine, 1), 'wrenchlog-export').notes).toEqual([]);
  });

  it('reads back what the export wrote: the same values, machines first, each row naming its machine', async () => {
    const analysis = analyzeFile(exportZip(), 'wrenchlog-export');
    expect(analysis.columns).toContain('fuel-records.csv / totalPrice');
    expect(analysis.detected).toMatchObject({ delimiter: ',', decimalSeparator: '.', encoding: 'utf-8', hasBom: true });
    const { rows, counts, newMachines } = await normalizeFile(analysis, { knownMachines: [] });
    expect(rows.map((r) => r.kind)).toEqual(['machine', 'service', 'fuel', 'purchase']);
    expect(counts).toEqual({ valid: 4, warnings: 0, errors: 0 });
    expect(newMachines).toEqual([machine.name]);
    expect(new Set(rows.map((r) => r.rowNumber)).size).toBe(4);

    const [m, s, f, p] = rows.map((r) => r.record as Record<string, unknown>);
    expect(m).toEqual({
      name: machine.name,
      year: 2019,
      make: 'Ford',
      model: 'F-250',
      vin: machine.vin,
      serialNumber: 'SN-42',
      color: 'Ü-Blau',
      description: machine.description,
      status: 'Active',
      type: 'Truck',
      purchasedDate: '2019-05-02',
      // miles 48211 is below the fill's 48300.4: the records give the meter again (dropRecordReadings).
      hours: 1520.5,
      license: 'ABC-123',
      licenseExpirationDate: '2025-06-30',
    });
    expect(s).toMatchObject({
      title: service.title,
      serviceDate: '2024-03-20',
      serviceType: 'Maintenance',
      status: 'Complete',
      serviceShop: '@Shop',
      notes: service.notes,
      price: 89.95,
      miles: 48000.5,
    });
    expect(f).toMatchObject({
      amount: 18.234,
      pricePerUnit: 3.459,
      totalPrice: 63.07,
      dateOfPurchase: fuel.dateOfPurchase,
      currentMileage: 48300.4,
      lastMileage: 48000.1,
      notes: "'=already escaped",
      storeName: 'Shell',
      storeCity: 'Austin',
      storeState: 'TX',
      fullTank: false,
      missedPrevious: true,
    });
    expect(p).toMatchObject({
      partName: 'Air filter',
      partNumber: '+A-100',
      partDescription: 'Fits 2019',
      quantity: 2,
      price: 24.5,
      partStatus: 'Purchased',
      purchaseDate: purchase.purchaseDate,
      storeName: 'NAPA',
    });
    expect(rows.slice(1).map((r) => r.machine)).toEqual([{ name: machine.name }, { name: machine.name }, { name: machine.name }]);
  });

  it("keeps a machine's miles and hours only above every reading of its records (a reading entered by hand)", async () => {
    const restored = async (miles: number | null, hours: number | null) => {
      const { rows } = await normalizeFile(analyzeFile(exportZip({}, { ...machine, miles, hours }), 'wrenchlog-export'), { knownMachines: [] });
      const record = rows[0].record as Record<string, unknown>;
      return [record.miles, record.hours];
    };
    expect(await restored(50000, 1520.5)).toEqual([50000, 1520.5]);
    expect(await restored(48300, null)).toEqual([undefined, undefined]);
    // The fill's 48300.4 is the top reading: equal is dropped too (the meter has it already).
    expect(await restored(48300.4, null)).toEqual([undefined, undefined]);
  });

  it('gives the rows the caller already has a machine of that name to', async () => {
    const { rows, newMachines } = await normalizeFile(analyzeFile(exportZip(), 'wrenchlog-export'), {
      knownMachines: [{ id: 40, name: machine.name.toUpperCase() }],
    });
    expect(newMachines).toEqual([]);
    expect((rows[2].record as { machineId: number }).machineId).toBe(40);
  });

  it('warns about a machine row the caller has a machine of that name for, and uses that machine unless told to create another', async () => {
    const knownMachines = [{ id: 40, name: machine.name.toUpperCase() }];
    const used = await normalizeFile(analyzeFile(exportZip(), 'wrenchlog-export'), { knownMachines });
    expect(used.counts).toEqual({ valid: 3, warnings: 1, errors: 0 });
    expect(used.rows[0]).toMatchObject({
      kind: 'machine',
      status: 'warning',
      existingMachineId: 40,
      messages: [
        `row 2: you have a machine named '${machine.name}' already: its records are added to it and this row is skipped (choose 'create a new one' to restore it as another machine)`,
      ],
    });
    expect(used.newMachines).toEqual([]);
    expect(used.rows.slice(1).map((r) => [r.machine, (r.record as { machineId?: number }).machineId])).toEqual([
      [{ id: 40 }, 40],
      [{ id: 40 }, 40],
      [{ id: 40 }, 40],
    ]);

    const created = await normalizeFile(analyzeFile(exportZip(), 'wrenchlog-export'), { knownMachines, sameNameMachines: 'create' });
    expect(created.counts).toEqual({ valid: 3, warnings: 1, errors: 0 });
    expect(created.rows[0].existingMachineId).toBeUndefined();
    expect(created.rows[0].messages[0]).toMatch(/already: another machine of that name is created/);
    // The records go to the machine the row creates (by name, as in a fresh account).
    expect(created.newMachines).toEqual([machine.name]);
    expect(created.rows.slice(1).map((r) => r.machine)).toEqual([{ name: machine.name }, { name: machine.name }, { name: machine.name }]);
  });

  it('refuses a CSV, a ZIP without a manifest, a newer format and a damaged ZIP, each with its message', () => {
    const refusal = (bytes: Uint8Array) => {
      try {
        analyzeFile(bytes, 'wrenchlog-export');
      } catch (e) {
        return e instanceof ImportFileError ? `${e.code}: ${e.message}` : String(e);
      }
      return 'accepted';
    };
    expect(refusal(strToU8('a,b\n1,2\n'))).toMatch(/^WRONG_SOURCE: This is not a Wrenchlog export/);
    expect(refusal(zipSync({ 'fuel-records.csv': strToU8('date\n') }))).toBe('WRONG_SOURCE: This ZIP has no manifest.json, so it is not a Wrenchlog export.');
    expect(refusal(zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: EXPORT_FORMAT, formatVersion: 99 })) }))).toMatch(/format 99, newer than/);
    expect(refusal(exportZip().slice(0, 200))).toMatch(/^MALFORMED: The ZIP file cannot be read/);
    // Any other source still refuses a ZIP.
    expect(() => analyzeFile(exportZip(), 'generic-fuel')).toThrow(/ZIP archive/);
  });
});
