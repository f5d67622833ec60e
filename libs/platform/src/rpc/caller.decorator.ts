import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { Actor, RpcMessage } from '@wrenchlog/contracts';
import { requireActor, requireAdmin } from '../errors/domain-error.js';

// A service's message carries its actor; the gateway's HTTP request has it from the verified token.
const actorOf = (ctx: ExecutionContext) =>
  ctx.getType() === 'http' ? ctx.switchToHttp().getRequest<{ actor?: Actor }>().actor : ctx.switchToRpc().getData<RpcMessage<unknown> | undefined>()?.actor;

const caller = (_: unknown, ctx: ExecutionContext): Actor => requireActor(actorOf(ctx));
const adminCaller = (_: unknown, ctx: ExecutionContext): Actor => requireAdmin(actorOf(ctx));

/**
 * The calling user of a message handler, taken from the message's `actor` (issue 19: one way
 * instead of a requireActor() call in every method). A message without a valid actor is refused
 * with 401 before the handler runs, so services receive an `Actor`, never null. On a gateway route
 * it is the signed-in user of the request, the same way.
 */
export const Caller = createParamDecorator(caller);

/** As `Caller`, for administrators only: 403 for any other user (the gateway checks too). */
export const AdminCaller = createParamDecorator(adminCaller);

/**
 * Which of a controller's handlers take `@Caller()` ('user') or `@AdminCaller()` ('admin'), for
 * tests that pin who may call what (the services themselves no longer check the actor).
 */
export function handlerCallers(controller: new (...args: never[]) => object): Record<string, 'user' | 'admin'> {
  const found: Record<string, 'user' | 'admin'> = {};
  for (const method of Object.getOwnPropertyNames(controller.prototype)) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { factory?: unknown }>;
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
