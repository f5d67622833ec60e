import type { Logger } from '@nestjs/common';
import { forbidden, notFound } from '@wrenchlog/platform';
import { ObjectNotFoundError, type ObjectStorage, type SignedLinks, type StoredObject } from '@wrenchlog/storage';

/** What a signed link carries in its query: the file name it was signed with, its expiry and signature. */
export interface SignedQuery {
  name: unknown;
  exp: unknown;
  sig: unknown;
}

/**
 * The object behind a signed link (documents, exports): no token is needed, the signature and the
 * expiry are the credential. 403 with the link message when it is changed or expired, 404 when the
 * object is gone. `signedKey` is the key the link was signed for (a prefix may be left out of it).
 */
export async function openSignedObject(
  links: SignedLinks,
  storage: ObjectStorage,
  key: string,
  signedKey: string,
  query: SignedQuery,
  messages: { linkExpired: string; linkInvalid: string; notFound: string },
  logger: Logger,
): Promise<StoredObject> {
  const verdict = typeof query.name === 'string' ? links.verify(signedKey, query.exp, query.sig, Date.now(), { name: query.name }) : 'invalid';
  if (verdict !== 'ok') {
    throw forbidden(verdict === 'expired' ? messages.linkExpired : messages.linkInvalid);
  }
  let object: StoredObject;
  try {
    object = await storage.get(key);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) {
      throw notFound(messages.notFound);
    }
    throw err;
  }
  object.stream.once('error', (err: Error) => logger.warn(`reading ${key} failed: ${err.message}`));
  return object;
}
