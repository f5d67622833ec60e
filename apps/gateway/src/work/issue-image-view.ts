import type { Issue, IssueImage, IssueImageKeys, IssueWithImageKeys } from '@wrenchlog/contracts';
import type { ImageUploads } from '../images/image-uploads.js';

/** An issue photo with signed URLs for its keys. */
export const issueImageView = (uploads: ImageUploads, image: IssueImageKeys): IssueImage => ({
  ...uploads.urls(image),
  fileName: image.fileName,
  createdBy: image.createdBy,
});

/** An issue as the API answers it: its photos' keys become signed URLs. */
export const issueView = (uploads: ImageUploads, issue: IssueWithImageKeys): Issue => ({
  ...issue,
  images: issue.images.map((image) => issueImageView(uploads, image)),
});
