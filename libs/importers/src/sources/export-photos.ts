import { EXPORT_FILES, IMAGE_LIMITS, sniffImageType, type ImageKind } from '@wrenchlog/contracts/limits';
import { unzipSync } from 'fflate';
import type { FileAnalysis } from '../import-file.js';
import type { ImportRow } from '../rows/import-row.js';
import { inflateZip, inflateZipSync, type InflateOptions } from './zip-inflate.js';

// The photos of a restore (issue 23): which photo of a Wrenchlog export's ZIP belongs to which row
// of machines.csv and service-records.csv (the rows' `photos` column lists their paths in the ZIP),
// in what role, and which cannot be restored (and why). Pure: the import job stores them.

/** A photo the export names: where it goes (the row's record, as what) and whether it can be restored. */
export interface ExportPhoto {
  /** 1, 2, ... in the export's order (machines' photos first): with the import, names the stored object. */
  seq: number;
  /** The row of the machine or service record the photo belongs to. */
  rowNumber: number;
  owner: 'machine' | 'service';
  /** A machine's profile photo or one of its gallery; a service record's image. */
  role: 'profile' | 'gallery' | 'image';
  /** Its path in the ZIP. */
  path: string;
  /** The file name a service record's image shows (its path's last part without the export's id). */
  fileName: string;
  byteSize: number;
  type: ImageKind | null;
  /** Why it is not restored (null: it is). */
  problem: string | null;
}

const OWNER_FILES = [
  { file: EXPORT_FILES.machines, owner: 'machine' },
  { file: EXPORT_FILES.serviceRecords, owner: 'service' },
] as const;

/**
 * Some files of the ZIP unpacked together (each at most IMAGE_LIMITS.maxFileBytes, counted as
 * inflated: a photo that declares less is still stopped there); a file that is not there or cannot be
 * read is left out. One pass over the ZIP's directory for them all: asked one by one, a ZIP of
 * thousands of photos would be read thousands of times.
 */
export function readZipEntries(zip: Uint8Array, paths: readonly string[]): Map<string, Uint8Array> {
  try {
    return inflateZipSync(zip, photoEntries(paths));
  } catch {
    return new Map();
  }
}

/** readZipEntries with the event loop free between steps (the restore job, beside every other request). */
export async function unpackZipEntries(zip: Uint8Array, paths: readonly string[]): Promise<Map<string, Uint8Array>> {
  try {
    return await inflateZip(zip, photoEntries(paths));
  } catch {
    return new Map();
  }
}

function photoEntries(paths: readonly string[]): InflateOptions {
  const wanted = new Set(paths);
  const max = IMAGE_LIMITS.maxFileBytes;
  return { wanted: (name) => wanted.has(name), maxBytes: wanted.size * max, maxEntryBytes: max };
}

/** Photos whose first bytes are read in one pass (at most this many times 2 MB held at once). */
const SNIFF_BATCH = 50;

/** The sizes of the ZIP's photos (nothing unpacked). */
function photoSizes(zip: Uint8Array): Map<string, number> {
  const sizes = new Map<string, number>();
  try {
    unzipSync(zip, {
      filter: (file) => {
        if (file.name.startsWith('photos/')) {
          sizes.set(file.name, file.originalSize);
        }
        return false;
      },
    });
  } catch {
    // A damaged ZIP: its photos are reported missing one by one.
  }
  return sizes;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where a path goes: machine photos end in -profile or -gallery; a service image keeps its file name. */
function roleOf(owner: 'machine' | 'service', path: string): { role: ExportPhoto['role']; fileName: string } {
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (owner === 'machine') {
    return { role: /-profile\.[A-Za-z0-9]+$/.test(last) ? 'profile' : 'gallery', fileName: last };
  }
  return { role: 'image', fileName: last.replace(/^\d+-/, '') || last };
}

/**
 * The photos the export's machines.csv and service-records.csv list, each checked against the ZIP:
 * there, at most IMAGE_LIMITS.maxFileBytes (as an upload), a JPEG, PNG or WebP by its first bytes.
 * A machine keeps one profile photo (the first listed).
 */
export function planExportPhotos(analysis: FileAnalysis, zip: Uint8Array): ExportPhoto[] {
  const sizes = photoSizes(zip);
  const photos: ExportPhoto[] = [];
  for (const { file, owner } of OWNER_FILES) {
    const table = analysis.tables.find((t) => t.table.section === file)?.table;
    const column = table?.columns.indexOf('photos') ?? -1;
    if (!table || column < 0) {
      continue;
    }
    for (const row of table.rows) {
      let profile = false;
      for (const path of (row.cells[column] ?? '').split(/\s+/).filter(Boolean)) {
        const { role, fileName } = roleOf(owner, path);
        const photo: ExportPhoto = { seq: photos.length + 1, rowNumber: row.rowNumber, owner, role, path, fileName, byteSize: 0, type: null, problem: null };
        photos.push(photo);
        if (role === 'profile') {
          photo.role = profile ? 'gallery' : 'profile';
          profile = true;
        }
        const size = sizes.get(path);
        if (size === undefined) {
          photo.problem = `the photo ${path} is not in the ZIP`;
          continue;
        }
        photo.byteSize = size;
        if (size > IMAGE_LIMITS.maxFileBytes) {
          photo.problem = `the photo ${path} is ${mb(size)}, over the ${Math.round(IMAGE_LIMITS.maxFileBytes / 1024 / 1024)} MB a photo takes`;
        }
      }
    }
  }
  const toSniff = photos.filter((p) => p.problem === null);
  for (let i = 0; i < toSniff.length; i += SNIFF_BATCH) {
    const batch = toSniff.slice(i, i + SNIFF_BATCH);
    const bytes = readZipEntries(
      zip,
      batch.map((p) => p.path),
    );
    for (const photo of batch) {
      photo.type = sniffImageType(bytes.get(photo.path) ?? new Uint8Array(0)) ?? null;
      if (!photo.type) {
        photo.problem = `the photo ${photo.path} is not a JPEG, PNG or WebP image`;
      }
    }
  }
  return photos;
}

/** Each photo that cannot be restored is a warning on its row (the record itself is restored). */
export function warnPhotoProblems(rows: ImportRow[], photos: ExportPhoto[]): void {
  const byRow = new Map(rows.map((r) => [r.rowNumber, r]));
  for (const photo of photos) {
    const row = photo.problem ? byRow.get(photo.rowNumber) : undefined;
    if (!row) {
      continue;
    }
    row.messages.push(`row ${row.rowNumber}: ${photo.problem}: it is not restored`);
    if (row.status === 'valid') {
      row.status = 'warning';
    }
  }
}
