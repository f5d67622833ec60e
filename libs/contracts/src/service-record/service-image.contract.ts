import type { ImageKeysView, ImageUrlsView, StoredImageRef } from '../image/image.contract.js';

// Producer: gateway. Consumer: service-record-service. Also emitted: image.image.stored, image.image.deleted.
export const SERVICE_IMAGE_ADD = 'service.image.add' as const;
export const SERVICE_IMAGE_LIST = 'service.image.list' as const;
export const SERVICE_IMAGE_DELETE = 'service.image.delete' as const;
export const SERVICE_IMAGE_COUNT = 'service.image.count' as const;

export const ServiceImageMessages = {
  invalidDelete: 'Invalid service record ID or no images selected',
  noImages: 'Select at least one image to upload',
  /** The spec's text for an upload before the record exists. */
  saveFirst: 'Please save the service record before uploading images',
} as const;

/** Images a single upload may carry; the form sends what the user picked, each as original and thumbnail. */
export const MAX_SERVICE_IMAGES_PER_UPLOAD = 20;

/** An image the gateway stored for a record, with the name the user's file had (shown in the grid). */
export interface NewServiceImage extends StoredImageRef {
  fileName: string;
}

export interface AddServiceImagesRequest {
  recordId: number;
  images: NewServiceImage[];
}

export interface ServiceImageRecordRequest {
  recordId: number;
}

export interface DeleteServiceImagesRequest {
  recordId: number;
  imageIds: number[];
}

export interface ServiceImagesDeleted {
  deleted: number;
}

/** A service image as the service answers it: object keys, which the gateway turns into signed URLs. */
export interface ServiceImageKeys extends ImageKeysView {
  fileName: string;
}

/** GET /api/services/{id}/images: the spec's {id, fileName, thumbnailUrl, originalUrl}, with the processing state. */
export interface ServiceImage extends ImageUrlsView {
  fileName: string;
}
