import type { ImageBackfillReply, ImageBackfillRequest, ImageStats, ImageStatsRequest } from './image.contract.js';
import { IMAGE_BACKFILL_RUN, IMAGE_STATS_GET } from './image.contract.js';

/** The image context (image-worker). */
export type ImageRpc = {
  [IMAGE_STATS_GET]: { request: ImageStatsRequest; response: ImageStats };
  [IMAGE_BACKFILL_RUN]: { request: ImageBackfillRequest; response: ImageBackfillReply };
};
