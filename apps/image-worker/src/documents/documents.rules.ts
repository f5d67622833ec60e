import { DOCUMENT_KEY, DOCUMENT_LIMITS, DOCUMENT_PARENT_KINDS, isValidId, type DocumentAddRequest, type DocumentParent } from '@wrenchlog/contracts';

// What the image-worker accepts from the gateway for a document: the gateway checked the file and
// the parent's owner; these rules keep a wrong or forged message from recording nonsense.

export function isParent(parent: unknown): parent is DocumentParent {
  const p = parent as DocumentParent | undefined;
  return !!p && DOCUMENT_PARENT_KINDS.includes(p.kind) && isValidId(p.id);
}

/** Why an add request cannot be recorded for this account, or undefined when it can. */
export function addRequestProblem(accountId: number, req: DocumentAddRequest | undefined): string | undefined {
  if (!req || !isParent(req.parent)) {
    return 'Invalid document parent';
  }
  if (req.machineId !== null && !isValidId(req.machineId)) {
    return 'Invalid machine ID';
  }
  if (typeof req.objectKey !== 'string' || !DOCUMENT_KEY.test(req.objectKey) || !req.objectKey.startsWith(`u${accountId}/`)) {
    return 'Invalid document key';
  }
  if (!Number.isSafeInteger(req.size) || req.size <= 0 || req.size > DOCUMENT_LIMITS.maxFileBytes) {
    return 'Invalid document size';
  }
  if (typeof req.fileName !== 'string' || req.fileName.trim() === '' || req.fileName.length > DOCUMENT_LIMITS.maxNameLength) {
    return 'Invalid document name';
  }
  if (req.contentType !== 'application/pdf') {
    return 'Invalid document type';
  }
  return undefined;
}
