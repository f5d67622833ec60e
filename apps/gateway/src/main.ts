import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger, keepDataPrivate, loadConfigOrExit } from '@wrenchlog/platform';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_LIMITS } from '@wrenchlog/contracts';
import { AppModule } from './app.module.js';
import { MAX_FILES_PER_UPLOAD } from './images/image-uploads.js';
import { resolveGitHash } from './config/build-info.js';
import { GatewayEnv } from './config/gateway-env.js';
import { resolveSecrets } from './config/secrets.js';
import { registerCorrelation } from './http/correlation.js';
import { CONSISTENCY_HEADER, registerConsistency } from './http/consistency.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { registerJsonBody } from './http/json-body.js';
import { answerClientError } from './http/client-error.js';
import { registerNoStore } from './http/no-store.js';
import { marketingCspSources } from './public-config/marketing-csp.js';
import { registerOpenApi } from './openapi/openapi-routes.js';
import { createValidationPipe } from './http/validation.js';
import { GatewayInfo } from './root/gateway-info.js';
import { SpaFallback } from './web/spa-fallback.js';
import { setWebCacheHeaders } from './web/static-cache.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const env = loadConfigOrExit('gateway', GatewayEnv);
  keepDataPrivate(env.DATA_DIR);
  const logger = createLogger('gateway', env);
  let secrets;
  try {
    secrets = resolveSecrets(env);
  } catch (err) {
    logger.fatal((err as Error).message);
    process.exit(1);
  }
  const webDist = resolve(env.WEB_DIST ?? join(here, '..', '..', 'web', 'dist'));
  // ignoreTrailingSlash: the spec's machine read is GET /api/machines/?machineId={id} (trailing slash).
  // clientErrorHandler: requests Node refuses before routing (431 and the like) answer in the house format.
  const adapter = new FastifyAdapter({
    trustProxy: env.TRUST_PROXY,
    bodyLimit: env.BODY_LIMIT_BYTES,
    ignoreTrailingSlash: true,
    clientErrorHandler: answerClientError,
  });
  const gitHash = resolveGitHash(env.GIT_HASH);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(env, secrets, new GatewayInfo(gitHash)), adapter, {
    logger,
    // Bodies are parsed by registerJsonBody only (no form-urlencoded parser: such bodies answer 415).
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  registerCorrelation(fastify);
  registerConsistency(fastify, secrets.jwtSecret);
  registerJsonBody(fastify, env.BODY_LIMIT_BYTES);
  registerNoStore(fastify);
  await app.register(fastifyCookie);
  // Photo uploads (apps/gateway/src/images): per-file size and file count limits; type and pixels are checked per file.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_LIMITS.maxFileBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, fieldSize: 4096, parts: 40 },
  });
  // Third-party hosts only for the marketing tags the operator switched on (none by default).
  const marketing = marketingCspSources(env);
  registerSecurityHeaders(
    fastify,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...marketing.imgSrc],
          // Mantine injects its CSS variables at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", ...marketing.scriptSrc],
          connectSrc: ["'self'", ...marketing.connectSrc],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    env.ALWAYS_HTTPS_HEADERS,
  );
  if (env.CORS_ORIGIN) {
    app.enableCors({ origin: env.CORS_ORIGIN.split(',').map((o) => o.trim()), credentials: true, exposedHeaders: [CONSISTENCY_HEADER] });
  }
  // Hashed build assets are immutable, other files revalidate (static-cache.ts); index.html is served
  // by SpaFallback with no-cache. The build writes .br and .gz next to each text file (vite-precompress.ts):
  // they go out with Content-Encoding to a browser that accepts them, and Vary: Accept-Encoding.
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setWebCacheHeaders,
    });
  } else {
    logger.warn(`no web build at ${webDist}: serving the API and a placeholder page`);
  }
  app.setGlobalPrefix('api');
  registerOpenApi(app, here, gitHash, logger);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(new SpaFallback(webDist)));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.listen({ port: env.PORT, host: '0.0.0.0' });
  logger.log(`listening on http://localhost:${env.PORT}`);
}

void main();
