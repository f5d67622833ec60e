import { expectEventually, type ApiClient } from '@wrenchlog/testing';

/** The file of an import: CSV text or bytes, or a restore's ZIP. */
export interface ImportFile {
  content: string | Uint8Array;
  name: string;
  type?: string;
}

/** POST /api/imports as the wizard sends it: the form's fields, then the file (no file part without one). */
export function uploadImport(api: ApiClient, token: string | undefined, fields: Record<string, string>, file?: ImportFile) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  if (file) {
    form.append(
      'file',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type ?? 'text/csv' }),
      file.name,
    );
  }
  return api.request('POST', '/api/imports', { token, raw: form });
}

/** Polls the import until its job has ended in `state` (the wizard polls the same call); answers the import. */
export async function importSettled(api: ApiClient, token: string, id: number, state: string): Promise<any> {
  let body: any;
  await expectEventually(
    async () => {
      body = (await api.get(`/api/imports/${id}`, token)).body;
      // The whole import when it is not there yet (its error says why).
      expect(body.reverting || body.state !== state ? body : state).toBe(state);
    },
    30_000,
    200,
  );
  return body;
}
