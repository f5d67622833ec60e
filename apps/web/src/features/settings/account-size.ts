import type { ImageStats } from '@wrenchlog/contracts';
import { formatSize } from '../../lib/format';

/**
 * 'N images (X MB)': the size in MB to 2 decimals, dividing by 1048576 (spec doc 2 sections 3 and 9), in KB below 1 MB (issue 38),
 * followed by ', M documents (Y MB)' once the account has attached documents (issue 18).
 */
export function accountSizeText(
  stats: Pick<ImageStats, 'imageCount' | 'totalImageSize'> & Partial<Pick<ImageStats, 'documentCount' | 'totalDocumentSize'>>,
): string {
  const count = Number(stats.imageCount) || 0;
  const images = `${count} images (${formatSize(Number(stats.totalImageSize) || 0)})`;
  const documents = Number(stats.documentCount) || 0;
  if (documents === 0) {
    return images;
  }
  return `${images}, ${documents} ${documents === 1 ? 'document' : 'documents'} (${formatSize(Number(stats.totalDocumentSize) || 0)})`;
}

export const ACCOUNT_SIZE_LOADING = 'Loading...';
export const ACCOUNT_SIZE_ERROR = 'Could not load account size.';
