export default async function globalTeardown(): Promise<void> {
  await globalThis.__WRENCHLOG_WEB_PRODUCT__?.stop();
}
