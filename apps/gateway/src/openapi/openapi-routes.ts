import type { INestApplication, LoggerService } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument, type OpenApiTypes } from './openapi-document.js';

export const OPENAPI_JSON = '/api/openapi.json';
export const OPENAPI_DOCS = '/api/docs';

/**
 * Serves the API's reference (issue 33): the OpenAPI 3.1 document at /api/openapi.json and Swagger UI
 * (@nestjs/swagger's own, from swagger-ui-dist on this server: no CDN) at /api/docs. The document is
 * built on its first request, so a start does not pay for it. `distDir` holds the build's
 * openapi-types.json (tools/openapi/response-types.mjs); without it the answers are undocumented.
 */
export function registerOpenApi(app: INestApplication, distDir: string, version: string, logger: LoggerService): void {
  const typesFile = join(distDir, 'openapi-types.json');
  let document: OpenAPIObject | undefined;
  const build = () => {
    if (!document) {
      const types: OpenApiTypes = existsSync(typesFile) ? JSON.parse(readFileSync(typesFile, 'utf8')) : { definitions: {}, routes: {} };
      if (!existsSync(typesFile)) {
        logger.warn?.(`no ${typesFile}: the API reference documents requests only (run the gateway's build)`);
      }
      document = openApiDocument(app, types, version);
    }
    return document;
  };
  SwaggerModule.setup(OPENAPI_DOCS.slice(1), app, build, {
    jsonDocumentUrl: OPENAPI_JSON.slice(1),
    raw: ['json'],
    customSiteTitle: 'Wrenchlog API',
    swaggerOptions: { persistAuthorization: false, displayOperationId: false, tryItOutEnabled: false },
  });
}
