import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { RpcMessage, RpcMeta } from '@wrenchlog/contracts';
import { Observable, concatMap, from, map, type Observable as Obs } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import type { AppliedLog } from './applied-log.js';
import { POSITIONS_REPLY, inCausedScope, type CausedScope, type PositionsReply } from './lanes.js';

/**
 * The service side of read your writes (issue 37), on every message handler (bootstrapService):
 * - a request whose meta names positions (`after`) waits, bounded, until this service applied them;
 * - a request that asks for positions (`positions`) answers what its work caused (the outbox rows
 *   it and the services it called wrote) beside its answer;
 * - an event that carries its position is remembered as applied once its handler finished (or
 *   refused it by a domain rule: it will not come again), before it is acknowledged.
 * A message with none of these (any other caller, a test's client) passes through untouched.
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(
    private readonly log: AppliedLog,
    private readonly maxWaitMs: number,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Obs<unknown> {
    if (context.getType() !== 'rpc') {
      return next.handle();
    }
    const meta = context.switchToRpc().getData<RpcMessage<unknown> | undefined>()?.meta;
    if (!meta || (meta.after === undefined && meta.positions === undefined && meta.position === undefined)) {
      return next.handle();
    }
    const scope: CausedScope = { caused: {} };
    const handled = scoped(scope, next);
    if (meta.position) {
      return this.recordApplied(meta.position, scope, handled);
    }
    const answered = meta.positions ? handled.pipe(map((value): PositionsReply => ({ [POSITIONS_REPLY]: scope.caused, value }))) : handled;
    const after = validAfter(meta);
    if (!after) {
      return answered;
    }
    const waitMs = Math.max(0, Math.min(this.maxWaitMs, typeof meta.waitMs === 'number' ? meta.waitMs : this.maxWaitMs));
    return from(this.log.waitFor(after, waitMs)).pipe(concatMap(() => answered));
  }

  private recordApplied(position: NonNullable<RpcMeta['position']>, scope: CausedScope, handled: Obs<unknown>): Obs<unknown> {
    const { source, first, last } = position;
    if (typeof source !== 'string' || !Number.isSafeInteger(first) || !Number.isSafeInteger(last)) {
      return handled;
    }
    const record = () => this.log.record(source, first, last, scope.caused);
    return new Observable<unknown>((subscriber) => {
      const values: unknown[] = [];
      return handled.subscribe({
        next: (value) => values.push(value),
        error: (err: unknown) => {
          if (err instanceof DomainError) {
            void record().finally(() => subscriber.error(err));
          } else {
            subscriber.error(err);
          }
        },
        complete: () => {
          void record().finally(() => {
            values.forEach((value) => subscriber.next(value));
            subscriber.complete();
          });
        },
      });
    });
  }
}

/** The handler, run (with all it starts) inside the scope that collects the positions it causes. */
function scoped(scope: CausedScope, next: CallHandler): Obs<unknown> {
  return new Observable<unknown>((subscriber) => inCausedScope(scope, () => next.handle().subscribe(subscriber)));
}

function validAfter(meta: RpcMeta): Record<string, number> | undefined {
  if (!meta.after || typeof meta.after !== 'object') {
    return undefined;
  }
  const after = Object.fromEntries(Object.entries(meta.after).filter(([, id]) => Number.isSafeInteger(id) && id > 0));
  return Object.keys(after).length > 0 ? after : undefined;
}
