import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { roleMay, withoutMoney, type RpcMessage } from '@wrenchlog/contracts';
import { map, type Observable } from 'rxjs';

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
    if (!actor?.role || roleMay(actor.role, 'money.read')) {
      return next.handle();
    }
    return next.handle().pipe(map((answer) => withoutMoney(answer)));
  }
}
