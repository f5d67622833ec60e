import { DocumentMessages, DOCUMENT_LIMITS, ErrorCode } from '@wrenchlog/contracts';
import { DomainError, badRequest } from '@wrenchlog/platform';

// A document is taken for what its bytes are, never for its name or declared type: a PDF starts
// with `%PDF-<major>.<minor>` (within the first 1024 bytes, as readers allow), ends with `%%EOF`
// (trailing whitespace or a few bytes of junk allowed), and holds at least one indirect object.
// That is a light sanity check, not a parse: the PDF is only stored and served as application/pdf.

const HEADER = /%PDF-[12]\.\d/;
const HEAD_WINDOW = 1024;
const TAIL_WINDOW = 2048;

export function checkPdf(bytes: Buffer): void {
  if (bytes.length === 0) {
    throw badRequest(DocumentMessages.empty, [{ field: 'file', message: DocumentMessages.empty }]);
  }
  if (bytes.length > DOCUMENT_LIMITS.maxFileBytes) {
    throw new DomainError(ErrorCode.PayloadTooLarge, DocumentMessages.tooLarge);
  }
  const head = bytes.subarray(0, HEAD_WINDOW).toString('latin1');
  const header = HEADER.exec(head);
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_WINDOW)).toString('latin1');
  if (!header || !tail.includes('%%EOF') || !/\d+\s+\d+\s+obj\b/.test(bytes.toString('latin1', header.index, Math.min(bytes.length, 1024 * 1024)))) {
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
