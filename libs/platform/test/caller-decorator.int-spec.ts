import { Controller, Get } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { MessagePattern } from '@nestjs/microservices';
import { ErrorCode, type Actor } from '@wrenchlog/contracts';
import { AdminCaller, Caller, handlerCallers, handlerRights } from '../src/rpc/caller.decorator.js';
import { MoneyByAccount } from '../src/rpc/money.interceptor.js';
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

  @MessagePattern('user.caller.fuel')
  addFuel(@Caller('fuel.write') caller: Actor) {
    ran.push('fuel');
    return { accountId: caller.accountId, role: caller.role };
  }

  @MessagePattern('user.caller.money')
  money(@Caller() caller: Actor) {
    ran.push('money');
    return { rows: [{ id: 1, price: 12.5, amount: 3, parts: [{ cost: 4, name: 'filter' }] }], totalPrice: 12.5, machine: caller.accountId };
  }

  // Across the caller's accounts (issue 35's my-work): each item by the role in its own account.
  @MoneyByAccount()
  @MessagePattern('user.caller.accounts')
  accounts(@Caller() _caller: Actor) {
    return {
      content: [
        { id: 1, account: { id: 40, role: 'mechanic' }, totals: { total: 5 } },
        { id: 2, account: { id: 41, role: 'operator' }, totals: { total: 6 } },
        { id: 3, totals: { total: 7 } },
      ],
      truncated: false,
    };
  }

  @MessagePattern('user.caller.admin')
  admin(@AdminCaller() caller: Actor) {
    ran.push('admin');
    return { adminLevel: caller.adminLevel, costCents: 1200 };
  }
}

describe('the @Caller and @AdminCaller parameter decorators', () => {
  let service: Awaited<ReturnType<typeof serveInProcess>>;
  const user = { userId: 7, adminLevel: 0 } as Actor;
  const admin = { userId: 1, adminLevel: 2 } as Actor;
  const send = (pattern: string, actor: Actor | null) => service.send(pattern, {}, actor);
  const member = (role: Actor['role']): Actor => ({ userId: 8, adminLevel: 0, accountId: 40, role });

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

  it("acts in the user's own account as its owner for a message from before accounts, and refuses a half or bad membership", async () => {
    await expect(send('user.caller.fuel', { userId: 7, adminLevel: 0 } as Actor)).resolves.toEqual({ accountId: 7, role: 'owner' });
    await expect(send('user.caller.fuel', { userId: 7, adminLevel: 0, accountId: 7 } as Actor)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    await expect(send('user.caller.fuel', { userId: 7, adminLevel: 0, accountId: 7, role: 'emperor' } as unknown as Actor)).rejects.toMatchObject({
      code: ErrorCode.Unauthorized,
    });
  });

  it('lets a role with the right through @Caller(right) and refuses another with 403 naming the role, before the handler runs', async () => {
    await expect(send('user.caller.fuel', member('operator'))).resolves.toEqual({ accountId: 40, role: 'operator' });
    await expect(send('user.caller.fuel', member('viewer'))).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
      message: 'Your role (viewer) cannot add or change fuel records',
    });
    await expect(send('user.caller.fuel', member('mechanic'))).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect(ran).toEqual(['fuel']);
  });

  it('removes every money field at any depth from the answer to a role without money.read, and only then', async () => {
    await expect(send('user.caller.money', member('operator'))).resolves.toEqual({ rows: [{ id: 1, amount: 3, parts: [{ name: 'filter' }] }], machine: 40 });
    await expect(send('user.caller.money', member('viewer'))).resolves.toEqual({
      rows: [{ id: 1, price: 12.5, amount: 3, parts: [{ cost: 4, name: 'filter' }] }],
      totalPrice: 12.5,
      machine: 40,
    });
  });

  it("removes money item by item by the caller's role in each item's account under @MoneyByAccount, whatever the current role", async () => {
    const expected = {
      content: [{ id: 1, account: { id: 40, role: 'mechanic' }, totals: { total: 5 } }, { id: 2, account: { id: 41, role: 'operator' } }, { id: 3 }],
      truncated: false,
    };
    await expect(send('user.caller.accounts', member('operator'))).resolves.toEqual(expected);
    await expect(send('user.caller.accounts', member('owner'))).resolves.toEqual(expected);
  });

  it('lets an administrator through @AdminCaller and refuses a user with 403', async () => {
    await expect(send('user.caller.admin', admin)).resolves.toEqual({ adminLevel: 2, costCents: 1200 });
    // An administrator who is an operator in their current account still gets an admin handler's money.
    await expect(send('user.caller.admin', { ...admin, accountId: 1, role: 'operator' })).resolves.toEqual({ adminLevel: 2, costCents: 1200 });
    await expect(send('user.caller.admin', user)).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    await expect(send('user.caller.admin', null)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(ran).toEqual(['admin', 'admin']);
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
    expect(onRequest({ userId: 7, adminLevel: 0, accountId: 9, role: 'viewer' })).toEqual({ userId: 7, adminLevel: 0, accountId: 9, role: 'viewer' });
    expect(() => onRequest(undefined)).toThrow(expect.objectContaining({ code: ErrorCode.Unauthorized }));
  });
});

describe(handlerCallers.name, () => {
  it('names the handlers that take @Caller() and @AdminCaller()', () => {
    expect(handlerCallers(CallerController)).toEqual({ whoami: 'user', addFuel: 'user', money: 'user', accounts: 'user', admin: 'admin' });
  });
});

describe(handlerRights.name, () => {
  it('names the right each @Caller handler asks for, null for any member', () => {
    expect(handlerRights(CallerController)).toEqual({ whoami: null, addFuel: 'fuel.write', money: null, accounts: null });
  });
});
