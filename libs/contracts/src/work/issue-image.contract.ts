import type { ImageKeysView, ImageUrlsView, StoredImageRef } from '../image/image.contract.js';
import type { Issue } from './issue.contract.js';

// Producer: gateway. Consumer: work-order-service (issue 35). Also emitted: image.image.stored, image.image.deleted.
export const ISSUE_IMAGE_ADD = 'work.issueImage.add' as const;
export const ISSUE_IMAGE_LIST = 'work.issueImage.list' as const;
export const ISSUE_IMAGE_DELETE = 'work.issueImage.delete' as const;

/** An issue holds at most this many photos (a report's evidence, not an album); an upload beyond it is refused whole. */
export const ISSUE_IMAGE_LIMIT = 10;

export const IssueImageMessages = {
  invalidDelete: 'Invalid issue ID or no images selected',
  noImages: 'Select at least one image to upload',
  notOpen: 'Photos can be added only while the issue is open or in progress',
  full: `An issue holds at most ${ISSUE_IMAGE_LIMIT} photos`,
  notYours: 'Only the member who added a photo, or one who may change issues, can remove it',
} as const;

/** An image the gateway stored for an issue, with the name the user's file had. */
export interface NewIssueImage extends StoredImageRef {
  fileName: string;
}

export interface AddIssueImagesRequest {
  issueId: number;
  images: NewIssueImage[];
}

export interface IssueImagesRequest {
  issueId: number;
}

export interface DeleteIssueImagesRequest {
  issueId: number;
  imageIds: number[];
}

export interface IssueImagesDeleted {
  deleted: number;
}

/** An issue photo as the service answers it: object keys (the gateway signs URLs) and who added it. */
export interface IssueImageKeys extends ImageKeysView {
  fileName: string;
  /** The member who added it: they may remove it without issue.write. */
  createdBy: number | null;
}

/** GET /api/issues/{id}/images, and an issue's `images`: signed URLs, with the processing state. */
export interface IssueImage extends ImageUrlsView {
  fileName: string;
  createdBy: number | null;
}

/** An issue as work.issue.get and work.issue.byMachine answer it: its photos as keys. */
export type IssueWithImageKeys = Omit<Issue, 'images'> & { images: IssueImageKeys[] };
