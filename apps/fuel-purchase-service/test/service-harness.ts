import { Test, type TestingModule } from '@nestjs/testing';
import { ErrorCode, MACHINE_GET, type Actor } from '@wrenchlog/contracts';
import { loadEnv, PlatformEnv, RpcCallError, RpcClient, type CallContext } from '@wrenchlog/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module.js';

export interface StartedService {
  module: TestingModule;
  /**
   * What machine-service would answer machine.machine.get (machine id to owner, only to its owner):
   * the calls to another service are this test's boundary, as the event bus is for the others.
   */
  machineService: Map<number, number>;
  /** How many times the service asked machine-service. */
  lookups: () => number;
  close: () => Promise<void>;
}

/** The service's module on a fresh SQLite file (migrated at start), without a transport. */
export async function startService(): Promise<StartedService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wrenchlog-fuel-purchase-'));
  const env = loadEnv(PlatformEnv, { DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const machineService = new Map<number, number>();
  let lookups = 0;
  const module = await Test.createTestingModule({ imports: [AppModule.register(env)] })
    .overrideProvider(RpcClient)
    .useValue({
      send: async (pattern: string, payload: { id: number }, ctx: CallContext) => {
        if (pattern !== MACHINE_GET) {
          throw new Error(`unexpected call ${pattern}`);
        }
        lookups++;
        if (machineService.get(payload.id) !== ctx.actor?.userId) {
          throw new RpcCallError(ErrorCode.NotFound, 'Machine not found');
        }
        return { id: payload.id };
      },
    })
    .compile();
  module.useLogger(['error']);
  await module.init();
  return {
    module,
    machineService,
    lookups: () => lookups,
    close: async () => {
      await module.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const alice: Actor = { userId: 1, adminLevel: 0 };
export const bob: Actor = { userId: 2, adminLevel: 0 };

/** Machines owned by one user in the stand-in machine-service. */
export const ownMachines = (started: StartedService, actor: Actor, ...ids: number[]): void => {
  for (const id of ids) {
    started.machineService.set(id, actor.userId);
  }
};
