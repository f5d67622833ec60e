/**
 * 32 random hex characters. crypto.randomUUID exists only in secure contexts, and self-hosters
 * often open the app over plain http on their network; getRandomValues works everywhere.
 */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
