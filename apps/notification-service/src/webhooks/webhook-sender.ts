import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from './address.rules.js';

/** A receiver that takes longer than this has failed the attempt (the 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface SendResult {
  status: number;
  retryAfter: string | null;
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS look-up the connection itself uses, checked: the address refused is the one the socket
 * would reach, not only the one resolved when the URL was typed (no DNS rebinding past the check).
 */
export const guardedLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { family: options.family ?? 0, all: true }, (err, addresses) => {
      if (err) {
        return callback(err, '');
      }
      const list = addresses as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        return callback(new PrivateAddressError(refused?.address ?? hostname), '');
      }
      if (options.all) {
        return callback(null, list);
      }
      callback(null, list[0].address, list[0].family);
    });
  };

/** Resolves a host as the sender would; rejects when it does not resolve or (unless allowed) is private. */
export function checkHost(hostname: string, allowPrivate: boolean): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    return allowPrivate || !isPrivateAddress(host) ? Promise.resolve() : Promise.reject(new PrivateAddressError(host));
  }
  return new Promise((resolve, reject) => guardedLookup(allowPrivate)(host, { all: true }, (err) => (err ? reject(err) : resolve())));
}

/** POSTs one signed webhook; resolves with the HTTP status (any), rejects on no answer within the timeout. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  return postGuarded(url, { 'content-type': 'application/json', ...headers }, body, allowPrivate, timeoutMs);
}

/**
 * POSTs to a user-given URL (webhooks, push services) through the address check; resolves with
 * the HTTP status (any), rejects when it cannot connect or has no answer within the timeout.
 */
export async function postGuarded(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  allowPrivate: boolean,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const target = new URL(url);
  // An IP literal never goes through a look-up: check it here.
  await checkHost(target.hostname, allowPrivate);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'user-agent': 'Wrenchlog/1', 'content-length': String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(allowPrivate) as never,
      },
      (res: IncomingMessage) => {
        const retryAfter = res.headers['retry-after'];
        // The body is not needed: read and drop it so the socket is freed.
        res.resume();
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
