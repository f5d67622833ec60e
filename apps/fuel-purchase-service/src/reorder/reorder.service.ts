import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  REORDER_MESSAGES,
  type Actor,
  type Purchase,
  type PurchaseInput,
  type ReorderDraft,
  type ReorderItem,
  type ReorderRequest,
  type RpcMeta,
  type StockMovement,
} from '@wrenchlog/contracts';
import { MemberDirectory, notFound, validationFailed } from '@wrenchlog/platform';
import { AccountAccess } from '../common/access.js';
import { CENTS, fromScaled, iso } from '../common/scaled.js';
import { PartsRepository } from '../inventory/parts.repository.js';
import { SuppliersRepository } from '../inventory/suppliers.repository.js';
import { PurchasesService, toPurchase } from '../purchases/purchases.service.js';
import { ReorderRepository, type LowPartRow } from './reorder.repository.js';

/** What a draft orders: up to the minimum, less what is on order already (never below 0). */
export const toOrderOf = (p: Pick<LowPartRow, 'quantity' | 'reserved' | 'minStock' | 'onOrder'>): number =>
  Math.max(0, p.minStock - (p.quantity - p.reserved) - p.onOrder);

const toItem = (p: LowPartRow): ReorderItem => ({
  partId: p.partId,
  name: p.name,
  partNumber: p.partNumber,
  quantity: p.quantity,
  reserved: p.reserved,
  available: p.quantity - p.reserved,
  minStock: p.minStock,
  onOrder: p.onOrder,
  toOrder: toOrderOf(p),
  price: fromScaled(p.priceCents, CENTS),
  supplierId: p.supplierId,
  supplier: p.supplier,
});

/**
 * The parts loop (issue 35): parts below their minimum after what open orders reserve, grouped by
 * supplier; one click drafts, for each chosen supplier, a part purchase with status Ordered for each
 * of its parts (a purchase names one part, so a supplier's draft is its set of purchases); marking
 * one Purchased adds the stock as any purchase does. And a part's stock ledger.
 */
@Injectable()
export class ReorderService {
  constructor(
    private readonly repo: ReorderRepository,
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly purchases: PurchasesService,
    private readonly access: AccountAccess,
    private readonly members: MemberDirectory,
  ) {}

  async toReorder({ accountId }: Actor): Promise<ReorderItem[]> {
    return (await this.repo.lowParts(accountId)).map(toItem);
  }

  /**
   * Drafts the purchases. Each purchase's idempotency key comes from the request's key and its
   * part, so a retry answers the purchases the first try drafted (and drafts what it did not reach).
   */
  async reorder(caller: Actor, req: ReorderRequest, meta?: RpcMeta): Promise<ReorderDraft[]> {
    const ids = [...new Set(req.supplierIds)];
    const suppliers = await this.suppliers.byIds(ids);
    const mine = new Map(suppliers.filter((s) => s.accountId === caller.accountId).map((s) => [s.id, s]));
    if (mine.size !== ids.length) {
      throw validationFailed(REORDER_MESSAGES.supplierId, [{ field: 'supplierIds', message: REORDER_MESSAGES.supplierId }]);
    }
    const prefix = meta?.idempotencyKey ? `reorder:${createHash('sha256').update(meta.idempotencyKey).digest('hex').slice(0, 40)}:` : null;
    const earlier = prefix ? await this.repo.drafted(caller.accountId, prefix) : [];
    const answered = await this.access.answer(caller.accountId, earlier, toPurchase);
    const drafted = new Map<number, Purchase[]>(ids.map((id) => [id, answered.filter((p) => p.storeId === id)]));
    const done = new Set(earlier.map((p) => p.partId));
    for (const part of await this.repo.lowParts(caller.accountId, ids)) {
      const quantity = toOrderOf(part);
      if (quantity === 0 || done.has(part.partId)) {
        continue;
      }
      const supplier = mine.get(part.supplierId)!;
      const input: PurchaseInput = {
        partName: part.name,
        partNumber: part.partNumber,
        quantity,
        price: fromScaled(part.priceCents, CENTS),
        partStatus: 'Ordered',
        purchaseDate: iso(new Date()),
        storeName: supplier.name.slice(0, 120),
        storeAddress: supplier.address?.slice(0, 500) ?? null,
        partId: part.partId,
        storeId: supplier.id,
        machineId: null,
      };
      const purchase = await this.purchases.create(caller, input, {
        correlationId: meta?.correlationId ?? '',
        idempotencyKey: prefix ? `${prefix}${part.partId}` : undefined,
      });
      drafted.get(supplier.id)!.push(purchase);
    }
    return ids.map((id) => ({ supplierId: id, supplier: mine.get(id)!.name, purchases: drafted.get(id)! }));
  }

  /** The part's stock ledger, newest first (404 for a part not of the account). */
  async ledger({ accountId }: Actor, partId: number): Promise<StockMovement[]> {
    if (!(await this.parts.byId(accountId, partId))) {
      throw notFound('Part not found');
    }
    const rows = await this.repo.ledger(accountId, partId);
    const names = await this.members.refs(
      accountId,
      rows.map((r) => r.movedBy),
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      delta: r.delta,
      quantityAfter: r.quantityAfter,
      purchaseId: r.purchaseId,
      workOrderId: r.workOrderId,
      label: r.label,
      at: iso(r.createdAt),
      by: r.movedBy === null ? null : (names.get(r.movedBy) ?? { id: r.movedBy, name: null }),
    }));
  }
}
