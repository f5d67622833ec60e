import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExternalApiStub {
  url: string;
  close(): Promise<void>;
}

/**
 * A stand-in for the external API of the Data Sync job: answers 200 with an empty list after
 * `delayMs`, so a test sees the job Running, and its refusal of a second run, before it ends.
 * The server does not keep the process alive.
 */
export async function startExternalApiStub(delayMs = 2000): Promise<ExternalApiStub> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"records":[]}'), delayMs).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/records`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
