import { isPdfDocument, type DocumentParentKind } from '@wrenchlog/contracts';
import { DOCUMENT_LIMITS, EXPORT_FILES, IMPORT_LIMITS } from '@wrenchlog/contracts/limits';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { FileAnalysis } from '../import-file.js';
import type { ImportRow } from '../rows/import-row.js';
import { inflateZip, inflateZipSync } from './zip-inflate.js';

// The documents of a restore (issue 38): which PDF of a Wrenchlog export's ZIP (format 3) belongs to
// which row of machines.csv, service-records.csv, fuel-records.csv or part-purchases.csv, and which
// cannot be restored (and why). Pure, like export-photos.ts: the import job is to store them and
// give each to image-worker's document.document.add for the record its row became (not wired yet:
// apps/import-service/README.md, "Not built yet: documents in a restore").

/** A document the export lists: the row of its record and whether it can be restored. */
export interface ExportDocument {
  /** The row of the record it belongs to; null when the export holds no such record. */
  rowNumber: number | null;
  kind: DocumentParentKind;
  /** Its path in the ZIP (under documents/). */
  path: string;
  fileName: string;
  byteSize: number;
  /** Why it is not restored (null: it is). */
  problem: string | null;
}

/** The CSV each record kind's id is found in (documents.csv's recordId is that file's id). */
const RECORD_FILES: Record<DocumentParentKind, string> = {
  machine: EXPORT_FILES.machines,
  'service-record': EXPORT_FILES.serviceRecords,
  'fuel-record': EXPORT_FILES.fuelRecords,
  purchase: EXPORT_FILES.partPurchases,
};

/** PDFs whose first bytes are read in one pass (at most this many times the document limit held at once). */
const SNIFF_BATCH = 5;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A PDF as a document upload takes it (the gateway's check: header, %%EOF, an object). */
export const isPdf = (bytes: Uint8Array | undefined): boolean => !!bytes && isPdfDocument(bytes);

/** Some documents of the ZIP unpacked (each at most DOCUMENT_LIMITS.maxFileBytes, as inflated), the event loop free between steps; unreadable: none. */
export async function unpackDocumentEntries(zip: Uint8Array, paths: readonly string[]): Promise<Map<string, Uint8Array>> {
  const wanted = new Set(paths);
  const max = DOCUMENT_LIMITS.maxFileBytes;
  try {
    return await inflateZip(zip, { wanted: (name) => wanted.has(name), maxBytes: wanted.size * max, maxEntryBytes: max });
  } catch {
    return new Map();
  }
}

/** documents.csv's rows (none for an export before format 3, or one whose file cannot be read). */
function documentRows(zip: Uint8Array): Record<string, string>[] {
  try {
    const bytes = inflateZipSync(zip, { wanted: (name) => name === EXPORT_FILES.documents, maxBytes: IMPORT_LIMITS.maxBytes }).get(EXPORT_FILES.documents);
    return bytes ? (parse(new TextDecoder().decode(bytes), { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[]) : [];
  } catch {
    return [];
  }
}

/** Export id -> row number, per record kind, from the analysed tables' `id` column. */
function rowsById(analysis: FileAnalysis): Map<DocumentParentKind, Map<string, number>> {
  const out = new Map<DocumentParentKind, Map<string, number>>();
  for (const [kind, file] of Object.entries(RECORD_FILES) as [DocumentParentKind, string][]) {
    const table = analysis.tables.find((t) => t.table.section === file)?.table;
    const column = table?.columns.indexOf('id') ?? -1;
    const ids = new Map<string, number>();
    for (const row of column >= 0 && table ? table.rows : []) {
      ids.set((row.cells[column] ?? '').trim(), row.rowNumber);
    }
    out.set(kind, ids);
  }
  return out;
}

/** The sizes of the ZIP's documents (nothing unpacked). */
function documentSizes(zip: Uint8Array): Map<string, number> {
  const sizes = new Map<string, number>();
  try {
    unzipSync(zip, {
      filter: (file) => {
        if (file.name.startsWith('documents/')) {
          sizes.set(file.name, file.originalSize);
        }
        return false;
      },
    });
  } catch {
    // A damaged ZIP: its documents are reported missing one by one.
  }
  return sizes;
}

/**
 * The documents documents.csv lists, each checked as an upload would be: its record in the export,
 * the PDF there under documents/, at most DOCUMENT_LIMITS.maxFileBytes, a PDF as isPdfDocument reads it.
 */
export function planExportDocuments(analysis: FileAnalysis, zip: Uint8Array): ExportDocument[] {
  const listed = documentRows(zip);
  if (listed.length === 0) {
    return [];
  }
  const ids = rowsById(analysis);
  const sizes = documentSizes(zip);
  const documents = listed.map((cells): ExportDocument => {
    const kind = cells.kind as DocumentParentKind;
    const path = (cells.path ?? '').trim();
    const name = (cells.fileName ?? '').trim().slice(0, DOCUMENT_LIMITS.maxNameLength) || path.slice(path.lastIndexOf('/') + 1);
    const doc: ExportDocument = { rowNumber: null, kind, path, fileName: name, byteSize: 0, problem: null };
    const records = ids.get(kind);
    if (!records || !path.startsWith('documents/')) {
      doc.problem = `the document '${name}' is not one this Wrenchlog restores`;
      return doc;
    }
    doc.rowNumber = records.get((cells.recordId ?? '').trim()) ?? null;
    const size = sizes.get(path);
    if (doc.rowNumber === null) {
      doc.problem = `the document ${path} belongs to a ${kind} the export does not hold`;
    } else if (size === undefined) {
      doc.problem = `the document ${path} is not in the ZIP`;
    } else if (size > DOCUMENT_LIMITS.maxFileBytes) {
      doc.byteSize = size;
      doc.problem = `the document ${path} is ${mb(size)}, over the ${DOCUMENT_LIMITS.maxFileBytes / 1024 / 1024} MB a document takes`;
    } else {
      doc.byteSize = size;
    }
    return doc;
  });
  const toSniff = documents.filter((d) => d.problem === null);
  for (let i = 0; i < toSniff.length; i += SNIFF_BATCH) {
    const batch = toSniff.slice(i, i + SNIFF_BATCH);
    const wanted = new Set(batch.map((d) => d.path));
    let bytes = new Map<string, Uint8Array>();
    try {
      const max = DOCUMENT_LIMITS.maxFileBytes;
      bytes = inflateZipSync(zip, { wanted: (name) => wanted.has(name), maxBytes: wanted.size * max, maxEntryBytes: max });
    } catch {
      // Unreadable: each is reported below.
    }
    for (const doc of batch) {
      if (!isPdf(bytes.get(doc.path))) {
        doc.problem = `the document ${doc.path} is not a PDF`;
      }
    }
  }
  return documents;
}

/** Each document that cannot be restored is a warning on its record's row (the record itself is restored). */
export function warnDocumentProblems(rows: ImportRow[], documents: ExportDocument[]): void {
  const byRow = new Map(rows.map((r) => [r.rowNumber, r]));
  for (const doc of documents) {
    const row = doc.problem && doc.rowNumber !== null ? byRow.get(doc.rowNumber) : undefined;
    if (!row) {
      continue;
    }
    row.messages.push(`row ${row.rowNumber}: ${doc.problem}: it is not restored`);
    if (row.status === 'valid') {
      row.status = 'warning';
    }
  }
}
