import { DOCUMENT_KEY, type DocumentKeysView, type DocumentView } from '@wrenchlog/contracts';
import { SignedLinks } from '@wrenchlog/storage';

/** Where signed document links point: GET /api/documents/files/{key}?name=..&exp=..&sig=.. (public; the signature is the credential). */
export const DOCUMENT_URL_PREFIX = '/api/documents/files/';

/**
 * Short-lived signed document links (libs/storage SignedLinks, as image URLs), so a new tab opens
 * a document without an Authorization header. The file name is signed with the key: the download
 * is named as the user's file was, and nobody can rename it through the link.
 */
export class DocumentLinks extends SignedLinks {
  constructor(secret: string) {
    super(secret, { prefix: DOCUMENT_URL_PREFIX, keyPattern: DOCUMENT_KEY, purpose: 'wrenchlog-document:v1', ttlSeconds: 3600, stepSeconds: 300 });
  }

  view(document: DocumentKeysView): DocumentView {
    const { objectKey, ...rest } = document;
    return { ...rest, url: this.url(objectKey, Date.now(), { name: document.fileName }) };
  }
}
