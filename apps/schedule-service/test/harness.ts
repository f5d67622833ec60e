import { ServiceUnderTest as Base, type TestEngine } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { ScheduleEnv } from '../src/config/schedule-env.js';

export { userA, userB } from '@wrenchlog/testing/nest';

/** schedule-service as it runs (see `@wrenchlog/testing/nest`); it calls no other service. */
export const ServiceUnderTest = {
  start: (engine: TestEngine): Promise<Base> => Base.start(engine, { name: 'schedule', env: ScheduleEnv, module: (env) => AppModule.register(env) }),
};
export type ServiceUnderTest = Base;
