import { expectEventually, type ApiClient } from '@wrenchlog/testing';

export { createMachine } from '@wrenchlog/testing';

export interface UploadFile {
  field: string;
  bytes: Buffer;
  /** The name the browser would send; never used by the server. */
  name?: string;
  type?: string;
}

/** A multipart upload as the SPA sends it (FormData), with a Bearer token. */
export function upload(api: ApiClient, method: 'POST' | 'PUT', path: string, files: UploadFile[], token?: string, headers?: Record<string, string>) {
  const form = new FormData();
  for (const f of files) {
    form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name ?? 'photo.jpg');
  }
  return api.request(method, path, { raw: form, token, headers });
}

/** Fetches a (signed) image URL without any token, as an <img> tag would. */
export async function fetchImage(baseUrl: string, url: string): Promise<{ status: number; type: string | null; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${baseUrl}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** Whether a service runs in this e2e product (local runs may narrow E2E_SERVICES; CI runs them all). */
export function serviceRuns(service: string): boolean {
  const only = process.env.CI === 'true' ? undefined : process.env.E2E_SERVICES;
  return (
    !only ||
    only
      .split(',')
      .map((s) => s.trim())
      .includes(service)
  );
}

/** The machine's meter of `kind` once it exists (schedule-service makes the meters when machine-service's event arrives). */
export async function meterOf(api: ApiClient, token: string, machineId: number, kind: 'distance' | 'hours'): Promise<any> {
  let meter: any;
  await expectEventually(async () => {
    meter = ((await api.get(`/api/machines/${machineId}/meters`, token)).body as any[]).find?.((m) => m.kind === kind);
    expect(meter).toBeDefined();
  });
  return meter;
}
