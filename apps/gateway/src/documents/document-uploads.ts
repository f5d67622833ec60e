import { Inject, Injectable, Logger } from '@nestjs/common';
import { DocumentMessages, DOCUMENT_LIMITS, ErrorCode, type Actor, type DocumentKeysView } from '@wrenchlog/contracts';
import { badRequest, DomainError, RpcCallError, type CallContext } from '@wrenchlog/platform';
import { OBJECT_STORAGE, ownedObjectId, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { checkPdf, documentName } from './pdf-check.js';

export interface CheckedDocument {
  bytes: Buffer;
  fileName: string;
}

/**
 * Document uploads, the way ImageUploads does photos: read() takes the one multipart `file` part
 * (at most DOCUMENT_LIMITS.maxFileBytes, a per-request limit above the photos' global one) and
 * checks it by content; store() writes it under a key derived from the user, the Idempotency-Key
 * and the bytes (a retry names the same object), hands the key to `save` (the RPC that records it)
 * and deletes the object again when the upload is refused. After a 503 whose outcome is unknown the
 * object is kept for the retry.
 */
@Injectable()
export class DocumentUploads {
  private readonly logger = new Logger('DocumentUploads');

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async read(req: FastifyRequest): Promise<CheckedDocument> {
    if (!req.isMultipart()) {
      throw new DomainError(ErrorCode.UnsupportedMediaType, DocumentMessages.notMultipart);
    }
    let found: CheckedDocument | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: DOCUMENT_LIMITS.maxFileBytes, files: 1 } })) {
        if (part.type !== 'file') {
          continue;
        }
        if (part.fieldname !== 'file') {
          throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}'`);
        }
        found = { bytes: await part.toBuffer(), fileName: documentName(part.filename) };
      }
    } catch (err) {
      throw uploadError(err);
    }
    if (!found) {
      throw badRequest(DocumentMessages.noFile, [{ field: 'file', message: DocumentMessages.noFile }]);
    }
    checkPdf(found.bytes);
    return found;
  }

  /** `caller`: the route's `@Caller()`, whose folder the document goes to. */
  async store(caller: Actor, call: CallContext, document: CheckedDocument, save: (objectKey: string) => Promise<DocumentKeysView>): Promise<DocumentKeysView> {
    // Documents belong to the account: they go to its folder.
    const { accountId } = caller;
    const key = `u${accountId}/${ownedObjectId(accountId, call.idempotencyKey ?? randomUUID(), 0, document.bytes)}-document.pdf`;
    // A retry of the same request finds its object written (and maybe recorded): never rewrite or delete it.
    const wrote = !(await this.storage.exists(key));
    if (wrote) {
      await this.storage.put(key, document.bytes, 'application/pdf');
    }
    try {
      return await save(key);
    } catch (err) {
      const unknownOutcome = err instanceof RpcCallError && err.code === ErrorCode.Unavailable;
      if (wrote && !unknownOutcome) {
        await this.storage.deleteMany([key]).catch((e: Error) => this.logger.warn(`could not remove a refused document: ${e.message}`));
      }
      throw err;
    }
  }
}

/** Multipart limits become clear answers; our own errors pass through. */
function uploadError(err: unknown): unknown {
  if (err instanceof DomainError) {
    return err;
  }
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError(ErrorCode.PayloadTooLarge, DocumentMessages.tooLarge);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Attach one document at a time.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError(ErrorCode.UnsupportedMediaType, DocumentMessages.notMultipart);
  }
  return badRequest('The upload could not be read. Please try again.');
}
