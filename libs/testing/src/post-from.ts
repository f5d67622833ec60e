import { request } from 'node:http';

export interface AddressedAnswer {
  status: number;
  body: any; // whatever JSON came back
  retryAfter: string | undefined;
}

/**
 * A JSON POST sent from another loopback address (any of 127.0.0.0/8), so a flood in one test
 * spends that address's rate-limit budget, not the other suites'.
 */
export function postFrom(localAddress: string, url: string, body: unknown): Promise<AddressedAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, retryAfter: res.headers['retry-after'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
