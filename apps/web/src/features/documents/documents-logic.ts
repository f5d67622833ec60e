import { DocumentMessages, DOCUMENT_LIMITS } from '@wrenchlog/contracts/limits';
import { readerLocale } from '../../lib/format';

/** The largest file in MB, for the hint beside Add PDF. */
export const MAX_FILE_MB = DOCUMENT_LIMITS.maxFileBytes / (1024 * 1024);

/** '532 KB', '1.4 MB' ('1,4 MB' in German): binary units, as the account size counts them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${Math.round(bytes / 1024)} KB`;
  }
  const mb = new Intl.NumberFormat(readerLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return `${mb.format(bytes / (1024 * 1024))} MB`;
}

/** What the browser can tell before sending: the server checks the content (PDF) itself. */
export function fileProblem(file: Pick<File, 'size'>): string | undefined {
  if (file.size === 0) {
    return DocumentMessages.empty;
  }
  if (file.size > DOCUMENT_LIMITS.maxFileBytes) {
    return DocumentMessages.tooLarge;
  }
  return undefined;
}
