import { Controller, Get } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { MessagePattern } from '@nestjs/microservices';
import { ErrorCode, type Actor } from '@wrenchlog/contracts';
import { AdminCaller, Caller, handlerCallers } from '../src/rpc/caller.decorator.js';
import { serveInProcess } from './in-process-service.js';

// @Caller() and @AdminCaller() in a real Nest microservice: the handler runs only for a message
// with a valid actor, and a refusal crosses the wire as {code, message} like any domain error.
const ran: string[] = [];

@Controller()
class CallerController {
  @MessagePattern('user.caller.whoami')
  whoami(@Caller() caller: Actor) {
    ran.push('whoami');
    return { userId: caller.userId };
  }

  @MessagePattern('user.caller.admin')
  admin(@AdminCaller() caller: Actor) {
    ran.push('admin');
    return { adminLevel: caller.adminLevel };
  }
}

describe('the @Caller and @AdminCaller parameter decorators', () => {
  let service: Awaited<ReturnType<typeof serveInProcess>>;
  const user = { userId: 7, adminLevel: 0 } as Actor;
  const admin = { userId: 1, adminLevel: 2 } as Actor;
  const send = (pattern: string, actor: Actor | null) => service.send(pattern, {}, actor);

  beforeAll(async () => {
    service = await serveInProcess([CallerController]);
  });

  afterAll(() => service?.close());

  beforeEach(() => {
    ran.length = 0;
  });

  it('hands the handler the message actor', async () => {
    await expect(send('user.caller.whoami', user)).resolves.toEqual({ userId: 7 });
    expect(ran).toEqual(['whoami']);
  });

  it('refuses a message without an actor with 401, before the handler runs', async () => {
    await expect(send('user.caller.whoami', null)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    await expect(send('user.caller.whoami', { userId: 0, adminLevel: 0 } as Actor)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(ran).toEqual([]);
  });

  it('lets an administrator through @AdminCaller and refuses a user with 403', async () => {
    await expect(send('user.caller.admin', admin)).resolves.toEqual({ adminLevel: 2 });
    await expect(send('user.caller.admin', user)).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    await expect(send('user.caller.admin', null)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(ran).toEqual(['admin']);
  });
});

// The gateway's routes take @Caller() too: there the actor is the request's, set by the sign-in guard.
@Controller('who')
class HttpCallerController {
  @Get()
  who(@Caller() caller: Actor) {
    return { userId: caller.userId };
  }
}

describe('@Caller on an HTTP route', () => {
  const [{ factory }] = Object.values(
    Reflect.getMetadata(ROUTE_ARGS_METADATA, HttpCallerController, 'who') as Record<string, { factory: (data: unknown, ctx: ExecutionContextHost) => Actor }>,
  );
  const onRequest = (actor?: Actor) =>
    factory(undefined, new ExecutionContextHost([{ actor, body: { actor: { userId: 99, adminLevel: 9 } } }, {}], HttpCallerController));

  it("hands the route the request's signed-in user and refuses a request without one with 401", () => {
    expect(onRequest({ userId: 7, adminLevel: 0 } as Actor)).toEqual({ userId: 7, adminLevel: 0 });
    expect(() => onRequest(undefined)).toThrow(expect.objectContaining({ code: ErrorCode.Unauthorized }));
  });
});

describe(handlerCallers.name, () => {
  it('names the handlers that take @Caller() and @AdminCaller()', () => {
    expect(handlerCallers(CallerController)).toEqual({ whoami: 'user', admin: 'admin' });
  });
});
