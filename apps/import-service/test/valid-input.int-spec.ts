import {
  IMPORT_COMMIT,
  IMPORT_COMMIT_MODES,
  IMPORT_CREATE,
  IMPORT_LIST,
  IMPORT_MAPPING,
  IMPORT_ROW_KEEP,
  IMPORT_ROWS,
  IMPORT_SOURCES,
} from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { ImportEnv } from '../src/config/import-env.js';

// A message with a bad body sent straight to import-service (not through the gateway) is refused
// on receipt with the gateway's 400 and field messages (the contracts' DTOs), before any lookup:
// the ids below belong to no one and no other service is called.
describe.each(await testEngines())('import-service input on receipt (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'import',
      env: ImportEnv,
      module: (env) => AppModule.register(env),
      rpc: async (pattern) => {
        throw new Error(`unexpected call ${pattern}`);
      },
    });
  }, 60_000);

  afterAll(() => svc?.stop());

  it('refuses a bad upload, mapping, page, commit or keep with the field messages', async () => {
    const upload = { objectKey: 'imports/u1/x.csv', fileName: 'x.csv', byteSize: 10 };
    expect(await svc.failure(IMPORT_CREATE, { ...upload, fields: { source: 'excel', utcOffsetMinutes: 900 } } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      details: [
        { field: 'source', message: `Source must be one of ${IMPORT_SOURCES.join(', ')}` },
        { field: 'utcOffsetMinutes', message: 'utcOffsetMinutes must be a whole number from -840 to 840' },
      ],
    });
    expect(await svc.failure(IMPORT_MAPPING, { id: 999_999, body: { mapping: 'date' } } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Mapping must be an object from column names to field names',
    });
    expect(await svc.failure(IMPORT_LIST, { page: -1 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Page must be at least 0' });
    expect(await svc.failure(IMPORT_ROWS, { id: 999_999, query: { size: 0 } }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Size must be at least 1',
    });
    expect(await svc.failure(IMPORT_COMMIT, { id: 999_999, body: { mode: 'some' } } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'mode', message: `Mode must be one of ${IMPORT_COMMIT_MODES.join(', ')}` }],
    });
    expect(await svc.failure(IMPORT_ROW_KEEP, { id: 999_999, rowNumber: 2, body: { keep: 'yes' } } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Keep must be true or false',
    });
    expect(await svc.failure(IMPORT_COMMIT, { id: 999_999, body: [] } as never, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'The body must be a JSON object',
    });
  });
});
