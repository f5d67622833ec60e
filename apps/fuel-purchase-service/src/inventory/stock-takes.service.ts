import { Injectable } from '@nestjs/common';
import {
  WorkMessages,
  type Actor,
  type StockReturnReply,
  type StockReturnRequest,
  type StockTakeOrder,
  type StockTakeReply,
  type StockTakeRequest,
} from '@wrenchlog/contracts';
import { badRequest, conflict } from '@wrenchlog/platform';
import { AccountTransactions, type Tx } from '../common/transactions.js';
import { PartsRepository, type MovementSource } from './parts.repository.js';
import { StockEvents } from './stock-events.js';
import { StockTakeEntity } from './stock-take.entity.js';

/**
 * Takes and returns of stock by key (issue 35): a work order's completion takes its parts out once,
 * whatever the retries; reopening it returns them. Under the account's inventory lock, as purchases
 * move stock, and announced as inventory.stock.changed (low stock alerts).
 */
@Injectable()
export class StockTakesService {
  constructor(
    private readonly transactions: AccountTransactions,
    private readonly parts: PartsRepository,
    private readonly events: StockEvents,
  ) {}

  take(actor: Actor, req: StockTakeRequest): Promise<StockTakeReply> {
    const key = typeof req?.key === 'string' ? req.key.slice(0, 200) : '';
    const wanted = new Map<number, number>();
    for (const m of Array.isArray(req?.moves) ? req.moves : []) {
      if (!Number.isInteger(m?.partId) || !Number.isInteger(m?.quantity) || m.quantity < 1) {
        throw badRequest('Each stock move needs a part and a quantity of at least 1');
      }
      wanted.set(m.partId, (wanted.get(m.partId) ?? 0) + m.quantity);
    }
    if (!key) {
      throw badRequest('A stock take needs a key');
    }
    return this.transactions.run(actor.accountId, async (tx) => {
      const ids = [...wanted.keys()];
      if ((await this.taken(tx, actor.accountId, key)).length === 0 && ids.length > 0) {
        const parts = await this.parts.byIds(tx, actor.accountId, ids);
        if (parts.length !== ids.length) {
          throw badRequest(WorkMessages.partNotFound);
        }
        const short = parts.filter((p) => p.quantity < wanted.get(p.id)!);
        if (short.length && req.allowNegativeStock !== true) {
          throw conflict(`${WorkMessages.shortStock}: ${short.map((p) => `${p.name} (${wanted.get(p.id)} needed, ${p.quantity} in stock)`).join(', ')}`);
        }
        // Stock stops at 0: what is taken (and returned on reopening) is what there was.
        const taken = new Map(parts.map((p) => [p.id, Math.min(wanted.get(p.id)!, Math.max(0, p.quantity))]));
        await this.parts.adjustStock(
          tx,
          actor.accountId,
          ids.map((partId) => ({ partId, delta: -taken.get(partId)! })),
          orderSource('work-order-take', actor, key, req.workOrder),
        );
        const now = new Date();
        await tx
          .getRepository(StockTakeEntity)
          .insert(ids.map((partId) => ({ accountId: actor.accountId, takeKey: key, partId, quantity: taken.get(partId)!, createdAt: now })));
        await this.events.announce(tx, actor.accountId, ids);
      }
      const parts = await this.parts.byIds(tx, actor.accountId, ids);
      return { key, parts: parts.map((p) => ({ partId: p.id, name: p.name, quantity: p.quantity })) };
    });
  }

  return(actor: Actor, req: StockReturnRequest): Promise<StockReturnReply> {
    const key = typeof req?.key === 'string' ? req.key.slice(0, 200) : '';
    return this.transactions.run(actor.accountId, async (tx) => {
      const rows = await this.taken(tx, actor.accountId, key);
      if (rows.length) {
        await this.parts.adjustStock(
          tx,
          actor.accountId,
          rows.map((r) => ({ partId: r.partId, delta: r.quantity })),
          await this.withTitle(tx, actor, orderSource('work-order-return', actor, key, req.workOrder)),
        );
        await tx.getRepository(StockTakeEntity).delete({ accountId: actor.accountId, takeKey: key });
        await this.events.announce(
          tx,
          actor.accountId,
          rows.map((r) => r.partId),
        );
      }
      return { key, returned: rows.length };
    });
  }

  /** A return that does not name its order's title takes it from the order's take in the ledger. */
  private async withTitle(tx: Tx, actor: Actor, source: MovementSource): Promise<MovementSource> {
    if (source.label || source.workOrderId === null || source.workOrderId === undefined) {
      return source;
    }
    return { ...source, label: await this.parts.orderLabel(tx, actor.accountId, source.workOrderId) };
  }

  private taken(tx: Tx, accountId: number, key: string): Promise<StockTakeEntity[]> {
    return tx.getRepository(StockTakeEntity).findBy({ accountId, takeKey: key });
  }
}

/** The ledger's line of a take or return: the order it names, else the one its key (`work-order:<id>:<n>`) names. */
function orderSource(kind: 'work-order-take' | 'work-order-return', actor: Actor, key: string, order?: StockTakeOrder): MovementSource {
  const fromKey = /^work-order:(\d+):/.exec(key);
  const id = Number.isInteger(order?.id) ? order!.id : fromKey ? Number(fromKey[1]) : null;
  return { kind, workOrderId: id, label: typeof order?.title === 'string' ? order.title : null, by: actor.userId };
}
