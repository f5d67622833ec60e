import { routeEvent } from '../events.js';
import type { ImageOwner, StoredImageRef } from './image.contract.js';

/**
 * An owning service recorded a new image (published through its outbox after the gateway stored
 * the objects). The image worker adds it to its ledger (keyed on originalKey, so a repeat is a
 * no-op) and processes it.
 */
export const IMAGE_STORED = routeEvent('image.image.stored', ['image-worker']);
export interface ImageStoredEvent extends StoredImageRef {
  accountId: number;
  owner: ImageOwner;
  /** The owning record (machine id for machine photos, service record id for service images, issue id for issue photos). */
  recordId: number;
  /** The machine the image belongs to, directly or through its record, so machine.machine.deleted removes it. */
  machineId: number | null;
}

/**
 * An owning service removed images: the worker deletes their objects and marks them deleted in its
 * ledger (idempotent; an image.stored for them that arrives later is ignored).
 */
export const IMAGE_DELETED = routeEvent('image.image.deleted', ['image-worker']);
export interface ImageDeletedEvent {
  accountId: number;
  owner: ImageOwner;
  images: { originalKey: string; thumbnailKey: string }[];
}

/**
 * The worker finished an image (thumbnail made, original normalised, sizes recorded) or gave up on
 * it. One event per owner so each owning service receives only its own images.
 * Producer: image-worker (outbox). Consumers: the owning service.
 */
export const IMAGE_PROCESSED_EVENTS = {
  'machine-service': routeEvent('image.machine-photo.processed', ['machine-service']),
  'service-record-service': routeEvent('image.service-image.processed', ['service-record-service']),
  'work-order-service': routeEvent('image.issue-image.processed', ['work-order-service']),
} as const satisfies Record<ImageOwner, string>;
export const MACHINE_PHOTO_PROCESSED = IMAGE_PROCESSED_EVENTS['machine-service'];
export const SERVICE_IMAGE_PROCESSED = IMAGE_PROCESSED_EVENTS['service-record-service'];
export const ISSUE_IMAGE_PROCESSED = IMAGE_PROCESSED_EVENTS['work-order-service'];

export interface ImageProcessedEvent {
  accountId: number;
  owner: ImageOwner;
  recordId: number;
  originalKey: string;
  thumbnailKey: string;
  state: 'processed' | 'failed';
  error: string | null;
  originalSize: number;
  thumbnailSize: number | null;
}
