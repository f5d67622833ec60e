import { MachineServiceStub, ServiceUnderTest as Base, type TestEngine } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { ServiceRecordEnv } from '../src/config/service-record-env.js';

export { userA, userB } from '@wrenchlog/testing/nest';

/** service-record-service as it runs (see `@wrenchlog/testing/nest`), its calls to machine-service answered by `machines`. */
export type ServiceUnderTest = Base & { machines: MachineServiceStub };
export const ServiceUnderTest = {
  start: async (engine: TestEngine): Promise<ServiceUnderTest> => {
    const machines = new MachineServiceStub();
    const service = await Base.start(engine, { name: 'service-record', env: ServiceRecordEnv, module: (env) => AppModule.register(env), rpc: machines.rpc });
    return Object.assign(service, { machines });
  },
};
