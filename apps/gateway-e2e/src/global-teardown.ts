export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__WRENCHLOG_PRODUCTS__ ?? []).map((p) => p.stop()));
}
