import { DOCUMENT_LIMITS, EXPORT_FORMAT } from '@wrenchlog/contracts/limits';
import { strToU8, zipSync } from 'fflate';
import { exportCsv, exportRow } from '../export/export-csv.js';
import { analyzeFile, normalizeFile } from '../import-file.js';
import { isPdf, planExportDocuments, warnDocumentProblems } from './export-documents.js';

const PDF = strToU8('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

const doc = (id: number, parentKind: 'machine' | 'service-record' | 'fuel-record' | 'purchase', parentId: number, path: string, fileName = `doc-${id}.pdf`) =>
  exportRow.documents(
    { id, parentKind, parentId, machineId: 7, fileName, contentType: 'application/pdf', size: 1, objectKey: 'k', createdAt: '2024-04-01T00:00:00.000Z' },
    'Tractor',
    path,
  );

/** A format 3 export: a machine and its service record, and documents.csv as the export job writes it. */
function exportZip(documents: ReturnType<typeof doc>[], files: Record<string, Uint8Array>): Uint8Array {
  return zipSync({
    'manifest.json': strToU8(JSON.stringify({ format: EXPORT_FORMAT, formatVersion: 3, exportedAt: '2024-04-01T00:00:00.000Z' })),
    'machines.csv': strToU8(['id,name,year,make,model', '7,Tractor,2019,Kubota,L2501'].join('\n')),
    'service-records.csv': strToU8(
      ['id,machineId,machine,title,serviceDate,serviceType,status,price,miles', '11,7,Tractor,Oil change,2024-03-01,Oil Change,Completed,40,120'].join('\n'),
    ),
    'documents.csv': strToU8(exportCsv('documents', documents)),
    ...files,
  });
}

describe('planExportDocuments', () => {
  it("ties each document to its record's row by the export's ids, and checks it as an upload: there, a PDF, within the size limit", async () => {
    const zip = exportZip(
      [
        doc(1, 'machine', 7, 'documents/machines/7/1-manual.pdf', 'Owner manual.pdf'),
        doc(2, 'service-record', 11, 'documents/service-records/11/2-invoice.pdf'),
        doc(3, 'service-record', 11, 'documents/service-records/11/3-fake.pdf'),
        doc(4, 'service-record', 11, 'documents/service-records/11/4-gone.pdf'),
        doc(5, 'fuel-record', 99, 'documents/fuel-records/99/5-receipt.pdf'),
        doc(6, 'machine', 7, 'machines.csv'),
      ],
      {
        'documents/machines/7/1-manual.pdf': PDF,
        'documents/service-records/11/2-invoice.pdf': PDF,
        'documents/service-records/11/3-fake.pdf': strToU8('<html>not a pdf</html>'),
        'documents/fuel-records/99/5-receipt.pdf': PDF,
      },
    );
    const analysis = analyzeFile(zip, 'wrenchlog-export');
    const { rows } = await normalizeFile(analysis, { knownMachines: [] });
    const [machineRow, serviceRow] = rows;

    const documents = planExportDocuments(analysis, zip);

    expect(documents.map((d) => [d.rowNumber, d.kind, d.fileName, d.byteSize, d.problem])).toEqual([
      [machineRow.rowNumber, 'machine', 'Owner manual.pdf', PDF.length, null],
      [serviceRow.rowNumber, 'service-record', 'doc-2.pdf', PDF.length, null],
      [serviceRow.rowNumber, 'service-record', 'doc-3.pdf', 22, 'the document documents/service-records/11/3-fake.pdf is not a PDF'],
      [serviceRow.rowNumber, 'service-record', 'doc-4.pdf', 0, 'the document documents/service-records/11/4-gone.pdf is not in the ZIP'],
      [null, 'fuel-record', 'doc-5.pdf', 0, 'the document documents/fuel-records/99/5-receipt.pdf belongs to a fuel-record the export does not hold'],
      [null, 'machine', 'doc-6.pdf', 0, "the document 'doc-6.pdf' is not one this Wrenchlog restores"],
    ]);

    warnDocumentProblems(rows, documents);
    expect(machineRow.status).toBe('valid');
    expect(serviceRow.status).toBe('warning');
    expect(serviceRow.messages).toEqual([
      `row ${serviceRow.rowNumber}: the document documents/service-records/11/3-fake.pdf is not a PDF: it is not restored`,
      `row ${serviceRow.rowNumber}: the document documents/service-records/11/4-gone.pdf is not in the ZIP: it is not restored`,
    ]);
  });

  it('refuses a PDF over the documents size limit without unpacking it', () => {
    const big = new Uint8Array(DOCUMENT_LIMITS.maxFileBytes + 1);
    big.set(PDF);
    const zip = exportZip([doc(1, 'machine', 7, 'documents/machines/7/1-big.pdf')], { 'documents/machines/7/1-big.pdf': big });
    expect(planExportDocuments(analyzeFile(zip, 'wrenchlog-export'), zip).map((d) => d.problem)).toEqual([
      'the document documents/machines/7/1-big.pdf is 20.0 MB, over the 20 MB a document takes',
    ]);
  });

  it('plans nothing for an export without documents.csv (before format 3)', () => {
    const zip = zipSync({
      'manifest.json': strToU8(JSON.stringify({ format: EXPORT_FORMAT, formatVersion: 2 })),
      'machines.csv': strToU8('id,name,year,make,model\n7,Tractor,2019,Kubota,L2501'),
    });
    expect(planExportDocuments(analyzeFile(zip, 'wrenchlog-export'), zip)).toEqual([]);
    expect([isPdf(PDF), isPdf(strToU8('%PDF')), isPdf(undefined)]).toEqual([true, false, false]);
  });
});
