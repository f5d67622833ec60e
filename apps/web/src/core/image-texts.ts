/** The note for an image the worker could not process (machine photos and service-record images alike). */
export function processFailedText(fileName: string, reason: string): string {
  return `Failed to process ${fileName}: ${reason}`;
}
