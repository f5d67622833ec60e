import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { roleMay, withoutMoney, type AccountRole, type RpcMessage } from '@wrenchlog/contracts';
import { map, type Observable } from 'rxjs';
import { handlerCallers } from './caller.decorator.js';

const MONEY_BY_ACCOUNT = 'wrenchlog:money-by-account';

/**
 * On a handler whose answer spans the caller's accounts (issue 35's my-work): its items each name
 * `account.role`, the caller's role in that item's account, and money is removed item by item by
 * that role instead of by the role in the current account, which says nothing of the others.
 */
export const MoneyByAccount = (): MethodDecorator => SetMetadata(MONEY_BY_ACCOUNT, true);

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
    if (Reflect.getMetadata(MONEY_BY_ACCOUNT, context.getHandler()) === true) {
      return next.handle().pipe(map((answer) => withoutMoneyByAccount(answer)));
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

type AccountItem = { account?: { role?: AccountRole } };

/** The items of `{content}` (or of a list) without money where their `account.role` lacks money.read; an item without a role loses it too. */
export function withoutMoneyByAccount<T>(answer: T): T {
  const item = (it: AccountItem) => (it?.account?.role && roleMay(it.account.role, 'money.read') ? it : withoutMoney(it));
  if (Array.isArray(answer)) {
    return answer.map(item) as T;
  }
  const paged = answer as { content?: unknown };
  if (paged && typeof paged === 'object' && Array.isArray(paged.content)) {
    return { ...paged, content: (paged.content as AccountItem[]).map(item) } as T;
  }
  return withoutMoney(answer);
}
