import { ErrorCode, IMPORT_LIMIT_MESSAGES, IMPORT_LIMITS } from '@wrenchlog/contracts';
import { badRequest, DomainError, validationFailed } from '@wrenchlog/platform';
import type { FastifyRequest } from 'fastify';

export const NOT_MULTIPART = "Upload the file as multipart/form-data, in the field 'file'.";
export const NO_FILE = "The upload has no file: send it in the field 'file'.";

/** The parts of POST /api/imports: the file's bytes and name, and the text fields. */
export interface ImportUploadParts {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads the multipart body with this call's own limit (20 MB, one file): the gateway-wide multipart
 * limit is the image one. Nothing is stored here.
 */
export async function readImportUpload(req: FastifyRequest): Promise<ImportUploadParts> {
  if (!req.isMultipart()) {
    throw new DomainError(ErrorCode.UnsupportedMediaType, NOT_MULTIPART);
  }
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw badRequest(NO_FILE);
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename || 'import.csv' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) {
    throw validationFailed(NO_FILE, [{ field: 'file', message: NO_FILE }]);
  }
  return { ...file, fields };
}

function uploadError(err: unknown): unknown {
  if (err instanceof DomainError) {
    return err;
  }
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError(ErrorCode.PayloadTooLarge, IMPORT_LIMIT_MESSAGES.overLimit());
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('An import takes one file and its fields (source, machineId, utcOffsetMinutes).');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError(ErrorCode.UnsupportedMediaType, NOT_MULTIPART);
  }
  return badRequest('The upload could not be read. Please try again.');
}
