import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ACCOUNT_ROLES, MACHINE_NAMED_ONCE, RIGHTS, ROLE_RIGHTS, type Right } from '@wrenchlog/contracts';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { ADMIN_ONLY, IS_PUBLIC } from '../auth/auth.decorators.js';

// The document's parts, as @nestjs/swagger types them (its root entry exports only the document).
type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;
type ResponsesObject = OperationObject['responses'];
type OperationParameter = NonNullable<OperationObject['parameters']>[number];
type ParameterObject = Extract<NonNullable<OperationObject['parameters']>[number], { in: string }>;
type SchemaObject = Extract<NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string], { type?: unknown }>;

/** What the build read from the controllers (tools/openapi/response-types.mjs): answers and input DTOs per operationId. */
export interface OpenApiTypes {
  definitions: Record<string, SchemaObject>;
  routes: Record<string, RouteTypes>;
}

export interface RouteTypes {
  kind: 'json' | 'text' | 'file' | 'empty';
  schema?: SchemaObject;
  body?: string;
  query?: string;
  multipart?: boolean;
  /** The role rights the route needs (tools/openapi/route-rights.mjs: its `@Caller(right)` and its services' handlers'); 'admin' for an administrator's. */
  rights?: string[];
}

const SCHEMAS = '#/components/schemas/';

/** The one security scheme (issue 33): a signed-in session's access token, or a personal API token. */
export const BEARER = 'bearer';
const BEARER_DESCRIPTION = 'session access token or personal API token wl_...';
const ERROR = { $ref: `${SCHEMAS}Error` };

/** The house error body (ARCHITECTURE.md, errors): every 4xx and 5xx answer. */
const errorSchema: SchemaObject = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', description: 'VALIDATION, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, ... (stable, for programs)' },
    message: { type: 'string', description: 'What went wrong, for people' },
    correlationId: { type: 'string', description: 'Quote it when reporting a problem: it names the request in every log line' },
    errors: {
      type: 'array',
      description: 'Validation: one entry per refused field',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['field', 'message'] },
    },
  },
  required: ['statusCode', 'code', 'message', 'correlationId'],
};

const DESCRIPTION = `Every route the Wrenchlog web app uses, generated from the code: the gateway's controllers, the
validation rules of the request classes in libs/contracts and the reply types the controllers declare.

**Authentication.** Sign in with \`POST /api/auth/login\` \`{username, password}\`; the answer's
\`accessToken\` goes in an \`Authorization: Bearer <token>\` header (it lasts \`expiresIn\` ms;
\`POST /api/auth/refresh\` with the \`wl_refresh\` cookie answers a new one). Routes marked
*public* need no token; *administrator* routes need an instance administrator.

**Roles.** A member of an account has one role: owner, manager, mechanic, operator or viewer. Each
route names the rights it needs (\`x-wrenchlog-rights\`) and the roles that hold them; another role
gets 403 \`FORBIDDEN\` ("Your role (viewer) cannot ..."). Mechanics and operators reach only the
machines assigned to them: another machine answers 404, as another account's does.

**Errors** answer \`{statusCode, code, message, correlationId}\` (and \`errors\` per field on a 400).
Another account's record answers 404, never its data. A service that does not answer in time:
503 with \`Retry-After\`.`;

/** The OpenAPI 3.1 document of the gateway's routes. */
export function openApiDocument(app: INestApplication, types: OpenApiTypes, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Wrenchlog API')
    .setDescription(DESCRIPTION)
    .setVersion(version)
    // addSecurity, not addBearerAuth: that one adds bearerFormat JWT, and an API token is no JWT.
    .addSecurity(BEARER, { type: 'http', scheme: 'bearer', description: BEARER_DESCRIPTION })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const requestSchemas = validationMetadatasToSchemas({
    refPointerPrefix: SCHEMAS,
    // A reading of a batch names its machine once (libs/contracts): machineId, when given, is an id.
    additionalConverters: { [MACHINE_NAMED_ONCE]: { type: 'integer', minimum: 1 } },
  }) as Record<string, SchemaObject>;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...types.definitions, ...requestSchemas, Error: errorSchema },
  };
  const access = accessOf(app);
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation) {
        describeOperation(operation, types.routes[operation.operationId!], requestSchemas, access.get(operation.operationId!) ?? 'user');
      }
    }
  }
  return withoutDanglingRefs(document);
}

/**
 * A property typed `string | null` (a nullable date) or `Record<...>` reaches class-validator-jsonschema
 * as `design:type` Object, which it writes as a reference to a class named Object: such a property
 * is documented as any value (its rules still apply, and its messages say what is expected).
 */
function withoutDanglingRefs(document: OpenAPIObject): OpenAPIObject {
  const known = new Set(Object.keys(document.components?.schemas ?? {}).map((name) => `${SCHEMAS}${name}`));
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) =>
    value && typeof value === 'object' && '$ref' in value && !known.has((value as { $ref: string }).$ref) ? {} : value,
  ) as OpenAPIObject;
}

type Access = 'public' | 'user' | 'admin';

/** Who may call each handler, by operationId (`<Controller>_<method>`), from the guards' own metadata. */
function accessOf(app: INestApplication): Map<string, Access> {
  const access = new Map<string, Access>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const prototype = (metatype as { prototype: Record<string, unknown> }).prototype;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') {
          continue;
        }
        const flag = (key: string) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, metatype as object);
        access.set(`${(metatype as { name: string }).name}_${name}`, flag(IS_PUBLIC) ? 'public' : flag(ADMIN_ONLY) ? 'admin' : 'user');
      }
    }
  }
  return access;
}

function describeOperation(operation: OperationObject, route: RouteTypes | undefined, requests: Record<string, SchemaObject>, access: Access): void {
  operation.security = access === 'public' ? [] : [{ [BEARER]: [] }];
  const rights = access === 'user' ? (route?.rights ?? []).filter((r): r is Right => r in RIGHTS) : [];
  Object.assign(operation, { 'x-wrenchlog-access': access }, rights.length > 0 ? { 'x-wrenchlog-rights': rights } : {});
  operation.description = [operation.description, ACCESS_TEXT[access], rightsText(rights)].filter(Boolean).join('\n\n');
  if (route?.body) {
    const schema = { $ref: `${SCHEMAS}${route.body}` };
    operation.requestBody = route.multipart
      ? {
          required: true,
          content: { 'multipart/form-data': { schema: { allOf: [schema, { type: 'object', properties: { file: { type: 'string', format: 'binary' } } }] } } },
        }
      : { required: true, content: { 'application/json': { schema } } };
  } else if (route?.multipart) {
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', additionalProperties: { type: 'string', format: 'binary' } } } },
    };
  }
  if (route?.query && requests[route.query]) {
    operation.parameters = [
      ...(operation.parameters ?? []).filter((p: OperationParameter) => !('in' in p) || p.in !== 'query'),
      ...queryParameters(requests[route.query]),
    ];
  }
  operation.responses = responsesOf(operation, route, access, rights.length > 0);
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no token needed.',
  user: 'Signed in: scoped to the caller’s own records.',
  admin: 'Administrator of the instance only (403 otherwise).',
};

/** "Needs the right `meter.write` (add or change meter readings): owner, manager, mechanic, operator." from ROLE_RIGHTS. */
function rightsText(rights: readonly Right[]): string {
  if (rights.length === 0) {
    return '';
  }
  const roles = ACCOUNT_ROLES.filter((role) => rights.every((right) => ROLE_RIGHTS[role].has(right)));
  const named = rights.map((r) => `\`${r}\` (${RIGHTS[r]})`).join(', ');
  return `Needs the right${rights.length > 1 ? 's' : ''} ${named}: roles ${roles.join(', ')}.`;
}

function queryParameters(schema: SchemaObject): ParameterObject[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property as SchemaObject,
  }));
}

function responsesOf(operation: OperationObject, route: RouteTypes | undefined, access: Access, gated: boolean): ResponsesObject {
  const [status] = Object.keys(operation.responses ?? { 200: {} });
  const responses: ResponsesObject = { [status]: successOf(route) };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });
  if (route?.body || route?.query || operation.parameters?.length || route?.multipart) {
    responses[400] = error('Invalid input: `errors` names each refused field');
  }
  if (access !== 'public') {
    responses[401] = error('No token, or an expired or revoked one');
  }
  if (access === 'admin') {
    responses[403] = error('The caller is not an administrator');
  } else if (gated) {
    responses[403] = error('The caller’s role lacks a right the route needs (FORBIDDEN)');
  }
  if (operation.parameters?.some((p: OperationParameter) => 'in' in p && p.in === 'path')) {
    responses[404] = error('Not found (also: another account’s record)');
  }
  responses[429] = error('Too many requests: wait for `Retry-After` seconds');
  responses[503] = error('A service did not answer in time: retry after `Retry-After` seconds');
  return responses;
}

function successOf(route: RouteTypes | undefined): ResponsesObject[string] {
  switch (route?.kind) {
    case 'json':
      return { description: 'OK', content: { 'application/json': { schema: route.schema ?? {} } } };
    case 'text':
      return { description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } };
    case 'file':
      return { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    default:
      return { description: 'Done: no content' };
  }
}
