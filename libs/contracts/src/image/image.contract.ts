import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IMAGE_BACKFILL_MAX_LIMIT } from './image.limits.js';
import { QueryInt } from '../input.js';

// Producer: gateway (and the admin job registry for the backfill). Consumer: image-worker.

/** GET /api/user/{id}/imageStats: the account size summed from the ledger of images and documents. */
export const IMAGE_STATS_GET = 'image.stats.get' as const;
/** POST /api/admin/images/backfill-sizes?limit=7 (admin), and the Backfill Images job. */
export const IMAGE_BACKFILL_RUN = 'image.backfill.run' as const;

export type ImageState = 'pending' | 'processed' | 'failed';

/** Which service owns the record an image belongs to. */
export type ImageOwner = 'machine-service' | 'service-record-service' | 'work-order-service';

/**
 * An image the gateway has checked (type by content, size, pixel count) and stored: the object keys
 * it generated and the byte sizes as uploaded. The thumbnail key is reserved even when no thumbnail
 * was uploaded: the image worker makes one under it.
 */
export interface StoredImageRef {
  originalKey: string;
  thumbnailKey: string;
  contentType: string;
  originalSize: number;
  /** Null when no thumbnail was uploaded (the worker makes it). */
  thumbnailSize: number | null;
  thumbnailUploaded: boolean;
}

/** An image as a service answers it: keys, never URLs (the gateway signs URLs for the keys). */
export interface ImageKeysView {
  id: number;
  originalKey: string;
  thumbnailKey: string;
  state: ImageState;
  /** Why processing failed, for the owner; null unless state is failed. */
  error: string | null;
}

/** An image as the API answers it: short-lived signed URLs an <img> can load without a token. */
export interface ImageUrlsView {
  id: number;
  thumbnailUrl: string;
  originalUrl: string;
  state: ImageState;
  error: string | null;
}

export interface ImageStatsRequest {
  accountId: number;
}

export interface ImageStats {
  imageCount: number;
  /** Bytes of every stored size (originals and thumbnails). */
  totalImageSize: number;
  /** Attached documents (issue 18), counted in the account size beside the images. */
  documentCount: number;
  /** Bytes of every attached document. */
  totalDocumentSize: number;
}

export class ImageBackfillQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Limit must be a whole number' })
  @Min(1, { message: 'Limit must be at least 1' })
  @Max(IMAGE_BACKFILL_MAX_LIMIT, { message: `Limit must be at most ${IMAGE_BACKFILL_MAX_LIMIT}` })
  limit?: number;
}

export interface ImageBackfillRequest {
  limit: number;
}

export interface ImageBackfillReply {
  processed: number;
  failed: number;
  remaining: number;
  message: string;
}
