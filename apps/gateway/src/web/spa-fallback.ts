import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wrenchlog</title></head>
<body><h1>Wrenchlog</h1><p>The API is running. The web app has not been built yet: run <code>npm run build</code>.</p></body></html>`;

/** Serves index.html for client-side routes so deep links and reloads work (history-API fallback). */
export class SpaFallback {
  private readonly html: string;

  constructor(webDist: string) {
    const index = join(webDist, 'index.html');
    this.html = existsSync(index) ? readFileSync(index, 'utf8') : PLACEHOLDER;
  }

  serves(req: FastifyRequest): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return false;
    }
    const path = req.url.split('?')[0];
    // API calls and missing asset files keep their 404.
    return !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/assets/') && !/\.[a-z0-9]{2,5}$/i.test(path);
  }

  send(reply: FastifyReply): void {
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(this.html);
  }
}
