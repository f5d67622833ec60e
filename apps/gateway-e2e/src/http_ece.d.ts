// http_ece (web-push's own encryption library, in the lock file through web-push 3.6.7): the test
// decrypts a push as the browser would. It ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
