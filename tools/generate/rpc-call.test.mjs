import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plan, readOptions, register } from './rpc-call.mjs';

const args = (route, extra = []) => [
  '--context=notification',
  '--service=notification-service',
  '--folder=notifications',
  '--name=snooze-notification',
  `--route=${route}`,
  ...extra,
];

test('readOptions refuses a missing option, a name that is not kebab-case and a route it cannot read', () => {
  assert.throws(() => readOptions(['--context=notification']), /--service is required/);
  assert.throws(() => readOptions(args('POST /api/x', ['--name=SnoozeIt'])), /--name must be lower-case kebab-case/);
  assert.throws(() => readOptions(args('FETCH /api/notifications')), /--route must look like/);
  assert.throws(() => readOptions(args('POST /api/x', ['--pattern=machine.x.y'])), /must be "<context>.<entity>.<action>" and start with "notification."/);
});

test('plan: a POST with an id gives a pattern of its context, a body DTO, an id pipe and an e2e of both answers', () => {
  const o = readOptions(args('POST /api/notifications/:id/snooze'));
  assert.equal(o.pattern, 'notification.notifications.snoozeNotification');
  const { files, registrations } = plan(o);
  assert.deepEqual(
    files.map((f) => f.path),
    [
      'libs/contracts/src/notification/snooze-notification.contract.ts',
      'apps/gateway/src/notifications/snooze-notification.controller.ts',
      'apps/notification-service/src/notifications/snooze-notification.controller.ts',
      'apps/gateway-e2e/src/snooze-notification.e2e-spec.ts',
    ],
  );
  const [contract, gateway, handler, e2e] = files.map((f) => f.text);
  assert.match(contract, /export const SNOOZE_NOTIFICATION = 'notification\.notifications\.snoozeNotification' as const;/);
  assert.match(contract, /export interface SnoozeNotificationRequest extends SnoozeNotificationInput \{\n {2}id: number;/);
  assert.match(gateway, /@Controller\('notifications'\)/);
  assert.match(gateway, /@Post\(':id\/snooze'\)\n {2}@HttpCode\(200\)/);
  assert.match(gateway, /import \{ ID \} from '\.\.\/http\/id\.pipe\.js';/);
  assert.match(gateway, /@Param\('id', ID\) id: number, @Body\(\) body: unknown/);
  assert.match(gateway, /this\.rpc\.send\(SNOOZE_NOTIFICATION, \{ id, \.\.\.input \}, call\)/);
  assert.match(handler, /@MessagePattern\(SNOOZE_NOTIFICATION\)/);
  assert.match(e2e, /api\.post\('\/api\/notifications\/1\/snooze', \{\}\)\)\.status\)\.toBe\(401\)/);
  assert.deepEqual(
    registrations.map((r) => r.path),
    [
      'libs/contracts/src/index.ts',
      'libs/contracts/src/rpc.ts',
      'apps/gateway/src/notifications/notifications.module.ts',
      'apps/notification-service/src/notifications/notifications.module.ts',
    ],
  );
});

test('plan: a GET without parameters has no body, no id pipe and a request without ids', () => {
  const { files } = plan(readOptions(args('GET /api/notifications/summary')));
  const [contract, gateway, , e2e] = files.map((f) => f.text);
  assert.match(contract, /export interface SnoozeNotificationRequest \{\n {2}\/\/ no route parameters/);
  assert.doesNotMatch(gateway, /IdPipe|validBody|@Body/);
  assert.match(gateway, /@Get\('summary'\)\n {2}async/);
  assert.match(e2e, /api\.get\('\/api\/notifications\/summary', user\.token\)/);
});

test('register adds the controller, the rpc map and the export once, and says when it finds no place', () => {
  const mod = "import { Module } from '@nestjs/common';\nimport { A } from './a.js';\n\n@Module({ controllers: [A] })\nexport class M {}\n";
  const r = { kind: 'controller', name: 'B', from: './b.js' };
  const once = register(mod, r);
  assert.match(once, /import \{ A \} from '\.\/a\.js';\nimport \{ B \} from '\.\/b\.js';/);
  assert.match(once, /controllers: \[A, B\]/);
  assert.equal(register(once, r), once);
  assert.match(register("import x from 'y';\n@Module({ controllers: [] })", r), /controllers: \[B\]/);
  assert.equal(register("import x from 'y';\n@Module({})", r), null);
  const rpc = "import type { A } from './a.js';\n\nexport type Rpc = A & B;\n";
  assert.match(register(rpc, { kind: 'rpc', type: 'CRpc', from: './c.js' }), /export type Rpc = A & B & CRpc;/);
  assert.equal(register("export * from './a.js';\n", { kind: 'append', text: "export * from './a.js';\n" }), "export * from './a.js';\n");
});
