import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { forbiddenMessage, roleMay, tokenRefusal, type Actor, type Right, type RpcMessage } from '@wrenchlog/contracts';
import { DomainError, forbidden, requireActor, requireAdmin } from '../errors/domain-error.js';

// A service's message carries its actor; the gateway's HTTP request has it from the verified token.
const actorOf = (ctx: ExecutionContext) =>
  ctx.getType() === 'http' ? ctx.switchToHttp().getRequest<{ actor?: Actor }>().actor : ctx.switchToRpc().getData<RpcMessage<unknown> | undefined>()?.actor;

const caller = (right: Right | undefined, ctx: ExecutionContext): Actor => {
  const actor = requireActor(actorOf(ctx));
  if (right !== undefined) {
    requireRight(actor, right);
  }
  return actor;
};
const adminCaller = (_: unknown, ctx: ExecutionContext): Actor => requireAdmin(actorOf(ctx));

/**
 * 403 FORBIDDEN "Your role (operator) cannot ..." unless the caller's role has the right; for an API
 * token (issue 33) also 403 INSUFFICIENT_SCOPE or TOKEN_NOT_ALLOWED when its scopes do not cover it.
 */
export function requireRight(actor: Actor, right: Right): void {
  if (!roleMay(actor.role, right)) {
    throw forbidden(forbiddenMessage(actor.role, right));
  }
  const refusal = actor.token ? tokenRefusal(actor.token, right) : null;
  if (refusal) {
    throw new DomainError(refusal.code, refusal.message);
  }
}

/**
 * The calling member of a message handler, taken from the message's `actor` (issue 19: one way
 * instead of a requireActor() call in every method). A message without a valid actor is refused
 * with 401 before the handler runs, so services receive an `Actor`, never null. With a right
 * (`@Caller('fuel.write')`, issue 32) it is also the service's policy: a role without that right in
 * ACCOUNT_RIGHTS is refused with 403 before the handler runs. On a gateway route it is the
 * signed-in user of the request, the same way.
 */
export const Caller = createParamDecorator<Right | undefined>(caller);

/** As `Caller`, for administrators only: 403 for any other user (the gateway checks too). */
export const AdminCaller = createParamDecorator(adminCaller);

type HandlerArgs = Record<string, { factory?: unknown; data?: unknown }>;

function handlerArgs(controller: new (...args: never[]) => object): [string, HandlerArgs][] {
  return Object.getOwnPropertyNames(controller.prototype).map((method) => [
    method,
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as HandlerArgs,
  ]);
}

/**
 * Which of a controller's handlers take `@Caller()` ('user') or `@AdminCaller()` ('admin'), for
 * tests that pin who may call what (the services themselves no longer check the actor).
 */
export function handlerCallers(controller: new (...args: never[]) => object): Record<string, 'user' | 'admin'> {
  const found: Record<string, 'user' | 'admin'> = {};
  for (const [method, args] of handlerArgs(controller)) {
    for (const arg of Object.values(args)) {
      if (arg.factory === adminCaller) {
        found[method] = 'admin';
      } else if (arg.factory === caller && found[method] === undefined) {
        found[method] = 'user';
      }
    }
  }
  return found;
}

/** The right each `@Caller(right)` handler of a controller asks for (null: any member), for policy tests. */
export function handlerRights(controller: new (...args: never[]) => object): Record<string, Right | null> {
  const found: Record<string, Right | null> = {};
  for (const [method, args] of handlerArgs(controller)) {
    for (const arg of Object.values(args)) {
      if (arg.factory === caller) {
        found[method] = (arg.data as Right | undefined) ?? null;
      }
    }
  }
  return found;
}
