import { Validator } from '@seriousme/openapi-schema-validator';
import { ApiClient, createApprovedUser, createMachine, e2eProducts, serviceRecordFor, startProduct, type ApprovedUser } from '@wrenchlog/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';

// The API reference (issue 33): /api/openapi.json is a valid OpenAPI 3.1 document with every route the
// gateway registers, and real answers match the schemas it documents.
type Document = { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('the API reference: every registered route', () => {
  it('is in the document, which validates against the OpenAPI 3.1 schema', async () => {
    // Nest's own list of what it mapped (its start-up log), not the document's explorer.
    const product = await startProduct({ mode: 'embedded', root: process.env.WRENCHLOG_ROOT });
    try {
      const doc = (await new ApiClient(product.baseUrl).get<Document>('/api/openapi.json')).body;
      const mapped = [...product.output().matchAll(/Mapped \{(\/\S*), (\w+)\} route/g)].map(
        ([, path, method]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
      );
      const documented = operations(doc).map((o) => o.route);

      expect(mapped.length).toBeGreaterThan(100);
      expect(mapped.filter((route) => !documented.includes(route))).toEqual([]);
      expect(documented.filter((route) => !mapped.includes(route))).toEqual([]);
      const validator = new Validator();
      const result = await validator.validate(doc as never);
      expect(result.errors ?? []).toEqual([]);
      expect(validator.version).toBe('3.1');
    } finally {
      await product.stop();
    }
  }, 120_000);
});

describe.each(e2eProducts())('the API reference (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let doc: Document;
  let owner: ApprovedUser;

  beforeAll(async () => {
    doc = (await api.get<Document>('/api/openapi.json')).body;
    owner = await createApprovedUser(api, { name: 'Reference Fleet' });
  });

  /** The documented schema of a route's success answer, validating against the document's components. */
  const answerOf = (route: string) => {
    const found = operations(doc).find((o) => o.route === route);
    const [status, response] = Object.entries(found!.operation.responses as Record<string, any>).find(([code]) => code.startsWith('2'))!;
    const schema = response.content['application/json'].schema;
    return { status: Number(status), validate: new Ajv2020({ strict: false, allErrors: true }).compile({ ...schema, components: doc.components }) };
  };

  it('serves the document and the reference page without a token', async () => {
    const json = await api.get('/api/openapi.json');
    const page = await api.get('/api/docs');

    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Wrenchlog API' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    // A page may run its own scripts; a JSON answer may run nothing.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(json.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('documents who may call what, the error body, and the request rules of the DTOs', () => {
    const login = operations(doc).find((o) => o.route === 'POST /api/auth/login')!.operation;
    const create = operations(doc).find((o) => o.route === 'POST /api/machines/create')!.operation;
    const users = operations(doc).find((o) => o.route === 'GET /api/admin/users')!.operation;

    expect(login).toMatchObject({ security: [], 'x-wrenchlog-access': 'public' });
    expect(create).toMatchObject({
      security: [{ bearer: [] }],
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateMachineRequest' } } } },
    });
    expect(create.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(users).toMatchObject({ 'x-wrenchlog-access': 'admin', responses: { 403: expect.any(Object) } });
    expect((doc.components as any).securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      description: 'session access token or personal API token wl_...',
    });
    expect(doc.components.schemas.CreateMachineRequest).toMatchObject({
      properties: { name: { type: 'string', maxLength: 120 } },
      required: expect.arrayContaining(['name']),
    });
  });

  it('names the role rights each route needs, from the policy the services apply', () => {
    const batch = operations(doc).find((o) => o.route === 'POST /api/readings/batch')!.operation;
    expect(batch).toMatchObject({
      security: [{ bearer: [] }],
      'x-wrenchlog-rights': ['machine.read', 'meter.write'],
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ReadingBatchInput' } } } },
      responses: {
        200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ReadingBatchResult' } } } },
        400: expect.any(Object),
        403: expect.any(Object),
      },
    });
    expect(batch.description).toContain(
      'Needs the rights `machine.read` (see machines), `meter.write` (add or change meter readings): roles owner, manager, mechanic, operator.',
    );
    expect(doc.components.schemas.ReadingBatchInput).toMatchObject({ properties: { readings: { type: 'array', maxItems: 1000 } } });
    expect(doc.components.schemas.BatchReadingInput).toMatchObject({
      properties: { machineId: { type: 'integer', minimum: 1 }, kind: { enum: ['distance', 'hours'] } },
    });
    const remove = operations(doc).find((o) => o.route === 'DELETE /api/machines/{id}')!.operation;
    expect(remove['x-wrenchlog-rights']).toEqual(['machine.delete']);
    expect(remove.description).toContain('roles owner, manager.');
  });

  it('describes real answers: each matches the schema of its route', async () => {
    const machine = await createMachine(api, owner.token, { name: 'Reference loader' });
    const record = await serviceRecordFor(api, owner.token, machine.id, { serviceDate: '2026-05-04', price: 95.5 });
    const samples: [string, string][] = [
      ['GET /api/user/me', '/api/user/me'],
      ['GET /api/machines/all', '/api/machines/all'],
      ['GET /api/machines', `/api/machines/?machineId=${machine.id}`],
      ['GET /api/services/{id}', `/api/services/${record.id}`],
      ['GET /api/services/recent', '/api/services/recent'],
      ['GET /api/services/machine/{machineId}', `/api/services/machine/${machine.id}`],
      ['GET /api/machines/{id}/meters', `/api/machines/${machine.id}/meters`],
      ['GET /api/schedules', '/api/schedules'],
      ['GET /api/parts', '/api/parts'],
      ['GET /api/notifications/preferences', '/api/notifications/preferences'],
      ['GET /api/reports/fleet', '/api/reports/fleet?from=2026-01-01&to=2026-12-31'],
      ['GET /api/health/ready', '/api/health/ready'],
    ];
    for (const [route, path] of samples) {
      const { status, validate } = answerOf(route);
      const res = await api.get(path, owner.token);
      expect({ route, status: res.status }).toEqual({ route, status });
      expect({ route, ok: validate(res.body), errors: validate.errors ?? null }).toEqual({ route, ok: true, errors: null });
      // A schema that takes anything would pass the line above: each must refuse an empty object.
      expect({ route, refusesEmpty: !validate({}) }).toEqual({ route, refusesEmpty: true });
    }
  });
});
