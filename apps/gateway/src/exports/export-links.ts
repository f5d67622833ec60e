import { EXPORT_KEY, EXPORT_LIMITS, type ExportRecordView, type ExportView } from '@wrenchlog/contracts';
import { SignedLinks } from '@wrenchlog/storage';

/** The part of an export's object key a link names (the key without 'exports/'). */
const LINK_KEY = new RegExp(EXPORT_KEY.source.replace('^exports\\/', '^'));

/** Where signed export links point: GET /api/exports/files/{u<accountId>}/{uuid}.zip?name=..&exp=..&sig=.. (public; the signature is the credential). */
export const EXPORT_URL_PREFIX = '/api/exports/files/';

/**
 * Short-lived signed links to an export's ZIP (libs/storage SignedLinks, as documents), so the
 * browser downloads it without an Authorization header, and a link stops working after an hour.
 * The download name is signed with the key.
 */
export class ExportLinks extends SignedLinks {
  constructor(secret: string) {
    super(secret, {
      prefix: EXPORT_URL_PREFIX,
      keyPattern: LINK_KEY,
      purpose: 'wrenchlog-export:v1',
      ttlSeconds: EXPORT_LIMITS.linkTtlSeconds,
      stepSeconds: 60,
    });
  }

  /** The export as the API answers it: the object key becomes a link once the ZIP is ready. */
  view(record: ExportRecordView): ExportView {
    const { objectKey, fileName, ...rest } = record;
    return { ...rest, url: objectKey ? this.url(objectKey.slice('exports/'.length), Date.now(), { name: fileName }) : null };
  }
}
