import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

// Producer: gateway (and the admin job registry for the backfill). Consumer: image-worker.

/** GET /api/user/{id}/imageStats: the account size summed from the image ledger. */
export const IMAGE_STATS_GET = 'image.stats.get' as const;
/** POST /api/admin/images/backfill-sizes?limit=7 (admin), and the Backfill Images job. */
export const IMAGE_BACKFILL_RUN = 'image.backfill.run' as const;

/** Upload limits, checked by the gateway before anything is stored and again by the worker. */
export const IMAGE_LIMITS = {
  /** The client compresses to at most 1.8 MB (1887436.8 bytes); the server takes up to 2 MiB per file. */
  maxFileBytes: 2 * 1024 * 1024,
  /** Pixel count refused before decoding (width x height read from the header). */
  maxPixels: 50_000_000,
  /** Longest side of a stored original. */
  maxDimension: 1920,
  /** Longest side of a thumbnail. */
  thumbnailSize: 200,
} as const;

export type ImageState = 'pending' | 'processed' | 'failed';

/** Which service owns the record an image belongs to. */
export type ImageOwner = 'machine-service' | 'service-record-service';

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
  userId: number;
}

export interface ImageStats {
  imageCount: number;
  /** Bytes of every stored size (originals and thumbnails). */
  totalImageSize: number;
}

/** The Backfill Images limit when none is given (spec doc 2 section 9). */
export const IMAGE_BACKFILL_DEFAULT_LIMIT = 7;

export class ImageBackfillQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number' })
  @Min(1, { message: 'Limit must be at least 1' })
  @Max(1000, { message: 'Limit must be at most 1000' })
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
