import {
  ADMIN_CONTACT_SUBMIT,
  ADMIN_USER_LIST,
  ADMIN_USER_SIGNUP,
  ADMIN_USER_UPDATE,
  MIN_PASSWORD_LENGTH,
  USER_AUTH_LOGIN,
  USER_ME_UPDATE,
  USER_PASSWORD_CHANGE,
  USER_PASSWORD_SET,
  type Actor,
} from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { ServiceUnderTest, userA } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { UserEnv } from '../src/config/user-env.js';

// A message with a bad body sent straight to user-service (not through the gateway) is refused on
// receipt with the gateway's 400 and field messages (the contracts' DTOs), before any lookup.
describe.each(await testEngines())('user-service input on receipt (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const admin: Actor = { userId: 1, adminLevel: 1, accountId: 1, role: 'owner' as const };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, {
      name: 'user',
      env: UserEnv,
      module: (env) => AppModule.register(env),
      vars: { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password-1' },
    });
  }, 60_000);

  afterAll(() => svc?.stop());

  it('refuses bad sign-in, password, account and contact bodies with the field messages', async () => {
    expect(await svc.failure(USER_AUTH_LOGIN, { username: ' ', password: 5 } as never, null)).toMatchObject({
      code: 'VALIDATION',
      message: 'Username is required; Password is required',
    });
    expect(await svc.failure(USER_PASSWORD_SET, { token: 'abc', password: 'short' }, null)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'password', message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` }],
    });
    expect(await svc.failure(USER_PASSWORD_CHANGE, { currentPassword: '', newPassword: 'long-enough-1', refreshToken: 'r' }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Current password is required',
    });
    expect(await svc.failure(ADMIN_USER_SIGNUP, { username: 'not-an-address', name: '', publicUrl: 'https://fleet.example' }, null)).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a valid email address; Account name is required',
    });
    expect(await svc.failure(ADMIN_USER_UPDATE, { id: 999_999, name: 'x'.repeat(121), publicUrl: 'https://fleet.example' }, admin)).toMatchObject({
      code: 'VALIDATION',
      details: [{ field: 'name', message: 'Account name must be at most 120 characters' }],
    });
    expect(await svc.failure(ADMIN_USER_LIST, { page: 0, size: 1000 }, admin)).toMatchObject({ code: 'VALIDATION', message: 'Size must be at most 100' });
    expect(await svc.failure(USER_ME_UPDATE, { name: 7 } as never, userA)).toMatchObject({ code: 'VALIDATION', message: 'Account name is required' });
    expect(
      await svc.failure(
        ADMIN_CONTACT_SUBMIT,
        { name: 'Dana', email: 'dana@example.com', message: 'Hello', contactType: 'Other', ipAddress: '127.0.0.1' } as never,
        null,
      ),
    ).toMatchObject({ code: 'VALIDATION', details: [{ field: 'contactType', message: 'Contact type must be SalesContact or PlatinumAccount' }] });
    expect(await svc.failure(USER_AUTH_LOGIN, [] as never, null)).toMatchObject({ code: 'VALIDATION', message: 'The body must be a JSON object' });
  });
});
