// Document attachments (issue 18): the limits and messages the gateway checks and the SPA shows,
// without class-validator (the SPA loads them through `@wrenchlog/contracts/limits`).

export const DOCUMENT_LIMITS = {
  /** Largest document accepted (a scanned invoice or a machine's manual). */
  maxFileBytes: 20 * 1024 * 1024,
  /** Documents on one record or machine. */
  maxPerParent: 50,
  /** Longest file name kept (longer names are cut, keeping the extension). */
  maxNameLength: 200,
} as const;

export const DocumentMessages = {
  type: 'Only PDF documents can be attached.',
  empty: 'The file is empty.',
  tooLarge: `A document must be at most ${DOCUMENT_LIMITS.maxFileBytes / (1024 * 1024)} MB.`,
  tooMany: `At most ${DOCUMENT_LIMITS.maxPerParent} documents can be attached to one record.`,
  noFile: 'Select a PDF document to upload.',
  notMultipart: 'Upload the document as multipart/form-data.',
  notFound: 'Document not found',
  invalidId: 'Invalid document ID',
  linkExpired: 'This document link has expired. Reload the page to get a new one.',
  linkInvalid: 'This document link is not valid.',
} as const;
