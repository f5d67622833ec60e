import { PlatformEnv } from '@wrenchlog/platform';
import { MachineServiceStub, ServiceUnderTest } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';

export interface StartedService {
  module: ServiceUnderTest;
  /** What machine-service answers machine.machine.get: the calls to another service are this test's boundary. */
  machines: MachineServiceStub;
  close: () => Promise<void>;
}

/** fuel-purchase-service as it runs (see `@wrenchlog/testing/nest`), on a fresh SQLite file. */
export async function startService(): Promise<StartedService> {
  const machines = new MachineServiceStub();
  const module = await ServiceUnderTest.start('sqlite', {
    name: 'fuel-purchase',
    env: PlatformEnv,
    module: (env) => AppModule.register(env),
    rpc: machines.rpc,
  });
  return { module, machines, close: () => module.stop() };
}

export { userA as alice, userB as bob } from '@wrenchlog/testing/nest';
