import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor, RpcMessage } from '@wrenchlog/contracts';
import { requireActor, requireAdmin } from '../errors/domain-error.js';

const actorOf = (ctx: ExecutionContext) => ctx.switchToRpc().getData<RpcMessage<unknown> | undefined>()?.actor;

/**
 * The calling user of a message handler, taken from the message's `actor` (issue 19: one way
 * instead of a requireActor() call in every method). A message without a valid actor is refused
 * with 401 before the handler runs, so services receive an `Actor`, never null.
 */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => requireActor(actorOf(ctx)));

/** As `Caller`, for administrators only: 403 for any other user (the gateway checks too). */
export const AdminCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => requireAdmin(actorOf(ctx)));
