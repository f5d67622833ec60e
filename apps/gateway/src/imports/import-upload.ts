import { ErrorCode, IMPORT_LIMIT_MESSAGES, IMPORT_LIMITS, importMaxBytes } from '@wrenchlog/contracts';
import { badRequest, DomainError, validationFailed } from '@wrenchlog/platform';
import type { ObjectStorage } from '@wrenchlog/storage';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';

export const NOT_MULTIPART = "Upload the file as multipart/form-data, in the field 'file'.";
export const NO_FILE = "The upload has no file: send it in the field 'file'.";

/** POST /api/imports's file, written to object storage, with its name and the text fields. */
export interface StoredImportUpload {
  objectKey: string;
  byteSize: number;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads the multipart body with this call's own limits and streams the file into object storage as
 * it arrives (a restore's ZIP may be IMPORT_LIMITS.maxRestoreBytes; never held whole here): the
 * gateway-wide multipart limit is the image one. The limit is the source's (a CSV 20 MB, a restore
 * 256 MB); a form that sends `source` after the file is held to the larger one until its end. Bytes
 * over the limit are counted, not stored, and the upload is refused (413) with nothing kept.
 */
export async function storeImportUpload(req: FastifyRequest, storage: ObjectStorage, accountId: number): Promise<StoredImportUpload> {
  if (!req.isMultipart()) {
    throw new DomainError(ErrorCode.UnsupportedMediaType, NOT_MULTIPART);
  }
  let file: { objectKey: string; byteSize: number; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_LIMITS.maxRestoreBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw badRequest(NO_FILE);
        }
        const fileName = part.filename || 'import.csv';
        // A restore ('wrenchlog-export') uploads the export's ZIP; import-service refuses a ZIP for any other source.
        const zip = fields.source !== undefined ? fields.source === 'wrenchlog-export' : /\.zip$/i.test(fileName);
        const stored = { objectKey: `imports/u${accountId}/${randomUUID()}.${zip ? 'zip' : 'csv'}`, byteSize: 0, fileName };
        file = stored;
        const limit = importMaxBytes(fields.source ?? 'wrenchlog-export');
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            stored.byteSize += chunk.length;
            done(null, stored.byteSize <= limit ? chunk : undefined);
          },
        });
        await storage.put(
          stored.objectKey,
          pipeline(part.file, counted, () => undefined),
          zip ? 'application/zip' : 'text/csv',
        );
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await forget(storage, file);
    throw uploadError(err);
  }
  if (!file) {
    throw validationFailed(NO_FILE, [{ field: 'file', message: NO_FILE }]);
  }
  const limit = importMaxBytes(fields.source);
  if (file.byteSize > limit) {
    await forget(storage, file);
    throw new DomainError(ErrorCode.PayloadTooLarge, IMPORT_LIMIT_MESSAGES.tooLarge(file.byteSize, limit));
  }
  return { ...file, fields };
}

/** A refused upload keeps nothing (what storage received of it is deleted). */
async function forget(storage: ObjectStorage, file: { objectKey: string } | undefined): Promise<void> {
  if (file) {
    await storage.deleteMany([file.objectKey]).catch(() => undefined);
  }
}

function uploadError(err: unknown): unknown {
  if (err instanceof DomainError) {
    return err;
  }
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError(ErrorCode.PayloadTooLarge, IMPORT_LIMIT_MESSAGES.overLimit(IMPORT_LIMITS.maxRestoreBytes));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('An import takes one file and its fields (source, machineId, utcOffsetMinutes).');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError(ErrorCode.UnsupportedMediaType, NOT_MULTIPART);
  }
  return badRequest('The upload could not be read. Please try again.');
}
