// The upload limits, the type message and the Backfill Images limits, without class-validator: the
// gateway and the image worker check them (see image.contract.ts, whose backfill DTO is built from
// them), and the SPA resizes, checks and offers them through `@wrenchlog/contracts/limits`.

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

export const IMAGE_TYPE_MESSAGE = 'Invalid file type. Only JPEG, PNG and WebP are allowed.';

/** The Backfill Images limit when none is given (spec doc 2 section 9). */
export const IMAGE_BACKFILL_DEFAULT_LIMIT = 7;
/** The largest Backfill Images limit accepted (the smallest is 1). */
export const IMAGE_BACKFILL_MAX_LIMIT = 1000;
