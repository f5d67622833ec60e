import { DocumentMessages, DOCUMENT_LIMITS, ErrorCode, isPdfDocument } from '@wrenchlog/contracts';
import { DomainError, badRequest } from '@wrenchlog/platform';

// A document is taken for what its bytes are, never for its name or declared type (the shape
// check, isPdfDocument, is shared with a restore's documents: libs/contracts document/pdf-shape.ts).

export function checkPdf(bytes: Buffer): void {
  if (bytes.length === 0) {
    throw badRequest(DocumentMessages.empty, [{ field: 'file', message: DocumentMessages.empty }]);
  }
  if (bytes.length > DOCUMENT_LIMITS.maxFileBytes) {
    throw new DomainError(ErrorCode.PayloadTooLarge, DocumentMessages.tooLarge);
  }
  if (!isPdfDocument(bytes)) {
    throw new DomainError(ErrorCode.UnsupportedMediaType, DocumentMessages.type);
  }
}

/**
 * The name shown for a document: the last path segment of what the browser sent, without control
 * characters, at most DOCUMENT_LIMITS.maxNameLength (the extension kept), 'document.pdf' if nothing is left.
 */
export function documentName(sent: string | undefined): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (clean === '') {
    return 'document.pdf';
  }
  const max = DOCUMENT_LIMITS.maxNameLength;
  if (clean.length <= max) {
    return clean;
  }
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, max - ext.length) + ext;
}

/** Content-Disposition for opening a document in the browser under its own name (RFC 6266 / 5987). */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
