import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { roleMay, withoutMoney, type RpcMessage } from '@wrenchlog/contracts';
import { map, type Observable } from 'rxjs';
import { handlerCallers } from './caller.decorator.js';

/**
 * The one place a service removes money from its answers (issue 32): for a caller whose role lacks
 * 'money.read' (an operator), every price, cost and total is absent from the reply, at any depth,
 * whichever handler made it. Registered globally by bootstrapService, so a new handler cannot forget it.
 */
@Injectable()
export class MoneyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') {
      return next.handle();
    }
    const actor = context.switchToRpc().getData<RpcMessage<unknown> | undefined>()?.actor;
    // An administrator's handler (a rebuild reading every account's costs) answers the instance,
    // not a member of an account: their role in whichever account they are in does not apply.
    if (!actor?.role || roleMay(actor.role, 'money.read') || isAdminHandler(context)) {
      return next.handle();
    }
    return next.handle().pipe(map((answer) => withoutMoney(answer)));
  }
}

function isAdminHandler(context: ExecutionContext): boolean {
  return handlerCallers(context.getClass() as new (...args: never[]) => object)[context.getHandler().name] === 'admin';
}
