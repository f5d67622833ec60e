import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { handlersOf, openApiTypes } from './response-types.mjs';

const controller = (body) => {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'x.controller.ts');
  writeFileSync(file, `@Controller('x')\nexport class XController {\n${body}\n}\n`);
  return handlersOf(file).handlers;
};

test('reads what a handler answers from its declared return type', () => {
  const handlers = controller(`
  @Get() list(): Promise<Machine[]> { return x; }
  @Get('one') one(): Machine { return x; }
  @Delete(':id') @HttpCode(204) remove(): Promise<void> { return x; }
  @Get('greeting') greet(): string { return 'hi'; }
  @Get('pdf') pdf(): Promise<StreamableFile> { return x; }
  helper(): Promise<Machine> { return x; }`);

  assert.deepEqual(
    handlers.map((h) => [h.operationId, h.answer]),
    [
      ['XController_list', { kind: 'json', type: 'Machine[]' }],
      ['XController_one', { kind: 'json', type: 'Machine' }],
      ['XController_remove', { kind: 'empty' }],
      ['XController_greet', { kind: 'text' }],
      ['XController_pdf', { kind: 'file' }],
    ],
  );
});

test('reads the DTOs a handler takes: a typed body or query, a body it checks itself, an upload', () => {
  const handlers = controller(`
  @Post() create(@Body() body: CreateX, @Call() call: CallContext): Promise<X> { return x; }
  @Get() page(@Query() query: PageQuery): Promise<X> { return x; }
  @Get('one') one(@Query('id') id: number): Promise<X> { return x; }
  @Put(':id') update(@Body() body: unknown): Promise<X> { const input = await validBody(body, UpdateX); return x; }
  @Post('photo') photo(@Req() req: GatewayRequest): Promise<X> { return this.uploads.read(req); }
  @Post('refresh') refresh(@Req() req: GatewayRequest, @Body() body: unknown): Promise<X> { return x; }`);

  assert.deepEqual(
    handlers.map((h) => [h.operationId, Object.fromEntries(Object.entries(h).filter(([key]) => !['operationId', 'answer'].includes(key)))]),
    [
      ['XController_create', { body: 'CreateX' }],
      ['XController_page', { query: 'PageQuery' }],
      ['XController_one', {}],
      ['XController_update', { body: 'UpdateX' }],
      ['XController_photo', { multipart: true }],
      ['XController_refresh', {}],
    ],
  );
});

test("answers a schema for every JSON route of the gateway's controllers", () => {
  const { definitions, routes } = openApiTypes(mkdtempSync(join(tmpdir(), 'openapi-types-')));
  const json = Object.entries(routes).filter(([, r]) => r.kind === 'json');

  assert.ok(json.length > 100, `${json.length} JSON routes`);
  assert.deepEqual(
    json.filter(([, r]) => !r.schema || Object.keys(r.schema).length === 0).map(([id]) => id),
    [],
  );
  const refs = JSON.stringify(routes).match(/#\/components\/schemas\/[\w%]+/g) ?? [];
  assert.deepEqual(
    refs.filter((ref) => !definitions[ref.split('/').pop()]),
    [],
  );
  assert.deepEqual(routes.MachinesController_all.schema, { type: 'array', items: { $ref: '#/components/schemas/MachineListItem' } });
});
