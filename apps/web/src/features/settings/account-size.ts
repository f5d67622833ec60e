import type { ImageStats } from '@wrenchlog/contracts';

const BYTES_PER_MB = 1048576;

/**
 * 'N images (X MB)': the size in MB to 2 decimals, dividing by 1048576 (spec doc 2 sections 3 and 9),
 * followed by ', M documents (Y MB)' once the account has attached documents (issue 18).
 */
export function accountSizeText(
  stats: Pick<ImageStats, 'imageCount' | 'totalImageSize'> & Partial<Pick<ImageStats, 'documentCount' | 'totalDocumentSize'>>,
): string {
  const count = Number(stats.imageCount) || 0;
  const mb = (Number(stats.totalImageSize) || 0) / BYTES_PER_MB;
  const images = `${count} images (${mb.toFixed(2)} MB)`;
  const documents = Number(stats.documentCount) || 0;
  if (documents === 0) {
    return images;
  }
  const documentMb = (Number(stats.totalDocumentSize) || 0) / BYTES_PER_MB;
  return `${images}, ${documents} ${documents === 1 ? 'document' : 'documents'} (${documentMb.toFixed(2)} MB)`;
}

export const ACCOUNT_SIZE_LOADING = 'Loading...';
export const ACCOUNT_SIZE_ERROR = 'Could not load account size.';
