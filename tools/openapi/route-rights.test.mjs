import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { patternGates, routeRights } from './route-rights.mjs';

const file = (dir, name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

test("reads each pattern's right from its service handler's @Caller", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rights-'));
  const gates = patternGates([
    file(
      dir,
      'x.controller.ts',
      `@Controller() export class X {
        @MessagePattern(A_GET) get(@Payload() m: unknown, @Caller('machine.read') c: Actor) {}
        @ValidInput(Dto) @MessagePattern(A_SET) set(@Caller('machine.write') c: Actor) {}
        @MessagePattern(A_ANY) any(@Caller() c: Actor) {}
        @MessagePattern(A_ADMIN) admin(@AdminCaller() c: Actor) {}
        @EventPattern(A_EVENT) on(@Payload() m: unknown) {}
      }`,
    ),
  ]);
  assert.deepEqual(Object.fromEntries(gates), { A_GET: 'machine.read', A_SET: 'machine.write', A_ANY: 'member', A_ADMIN: 'admin' });
});

test("names a gateway route's rights: its own sends, else its helpers' nearest ones, and its own @Caller", () => {
  const root = mkdtempSync(join(tmpdir(), 'rights-root-'));
  for (const dir of ['apps/gateway/src', 'apps/x-service/src']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  file(
    join(root, 'apps/x-service/src'),
    'x.controller.ts',
    `@Controller() export class XHandlers {
      @MessagePattern(DOC_LIST) list(@Caller('document.read') c: Actor) {}
      @MessagePattern(MACHINE_GET) get(@Caller('machine.read') c: Actor) {}
      @MessagePattern(READING_BATCH) batch(@Caller('meter.write') c: Actor) {}
      @MessagePattern(ME) me(@Caller() c: Actor) {}
    }`,
  );
  file(
    join(root, 'apps/gateway/src'),
    'y.controller.ts',
    `@Controller() export class YController {
      @Post('batch') async batch() { await this.rpc.send(MACHINE_GET, {}, call); return this.rpc.send(READING_BATCH, {}, call); }
      @Get('docs') docs() { return this.list(); }
      @Get('me') me() { return this.rpc.send(ME, {}, call); }
      @Post('upload') upload(@Caller('document.write') c: Actor) { return this.store(c); }
      private async list() { await this.parent(); return this.rpc.send(DOC_LIST, {}, call); }
      private parent() { return this.rpc.send(MACHINE_GET, {}, call); }
      private store() { return 1; }
    }`,
  );
  assert.deepEqual(routeRights(root), {
    YController_batch: ['machine.read', 'meter.write'],
    YController_docs: ['document.read'],
    YController_upload: ['document.write'],
  });
});
