import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { isValidId, type AccountDeletedEvent } from '@wrenchlog/contracts';
import { DataSource, type EntityManager, type EntityMetadata } from 'typeorm';

/** What a service adds to the deletion of an account's rows (issue 32: deleting an account). */
export interface AccountPurgeHooks {
  /**
   * Runs before the rows go, outside their transaction: the stored objects the rows name (photos,
   * documents, import files). It must be safe to run again: the event comes again when a step fails.
   */
  beforeRows?(accountId: number): Promise<void>;
  /** Tables with an `account_id` column that no entity maps (written by SQL alone). */
  unmapped?: readonly string[];
  /** Tables without an account column whose rows belong to rows of a table that has one. */
  children?: readonly { table: string; column: string; parent: string }[];
}

/**
 * A service provides `{ provide: ACCOUNT_PURGE_HOOKS, useValue | useClass | useExisting }` in any of its
 * modules (looked up across the application, so it needs no import into MembersModule).
 */
export const ACCOUNT_PURGE_HOOKS = Symbol('ACCOUNT_PURGE_HOOKS');

/**
 * Deletes a deleted account's rows from every table of this service that has an `account_id` column
 * (found in the entities' metadata, so a table added later is covered without a change here), plus
 * the children the service names, in one transaction, children first and, among tables, those that
 * refer to others by a foreign key before those they refer to. Idempotent: a repeat finds nothing.
 */
@Injectable()
export class AccountPurge {
  private readonly logger = new Logger(AccountPurge.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {}

  private get hooks(): AccountPurgeHooks | undefined {
    try {
      return this.moduleRef.get<AccountPurgeHooks>(ACCOUNT_PURGE_HOOKS, { strict: false });
    } catch {
      return undefined; // the service adds nothing
    }
  }

  async onDeleted(e: AccountDeletedEvent | null | undefined): Promise<void> {
    if (!e || !isValidId(e.accountId)) {
      this.logger.warn('ignored a malformed account.account.deleted event');
      return;
    }
    const accountId = e.accountId;
    const hooks = this.hooks;
    await hooks?.beforeRows?.(accountId);
    const tables = await this.accountTables();
    let removed = 0;
    await this.dataSource.transaction(async (manager) => {
      for (const child of hooks?.children ?? []) {
        removed += await this.deleteChildren(manager, child, accountId);
      }
      for (const { target, column } of [...tables, ...(hooks?.unmapped ?? []).map((table) => ({ target: table, column: 'account_id' }))]) {
        const result = await manager.createQueryBuilder().delete().from(target).where(`"${column}" = :accountId`, { accountId }).execute();
        removed += result.affected ?? 0;
      }
    });
    this.logger.log(`account #${accountId} deleted: ${removed} row(s) of it removed`);
  }

  private async deleteChildren(manager: EntityManager, child: { table: string; column: string; parent: string }, accountId: number): Promise<number> {
    const parent = this.dataSource.entityMetadatas.find((m) => m.tableName === child.parent);
    const key = parent?.primaryColumns[0]?.databaseName ?? 'id';
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from(child.table)
      .where(`"${child.column}" IN (SELECT "${key}" FROM "${child.parent}" WHERE "account_id" = :accountId)`, { accountId })
      .execute();
    return result.affected ?? 0;
  }

  /** The tables with an account column, those that refer to another by a foreign key first. */
  private async accountTables(): Promise<{ target: EntityMetadata['target']; table: string; column: string }[]> {
    const tables = this.dataSource.entityMetadatas.flatMap((meta) => {
      const column = meta.columns.find((c) => c.propertyName === 'accountId');
      return column ? [{ target: meta.target, table: meta.tableName, column: column.databaseName }] : [];
    });
    const refersTo = await this.foreignKeys(tables.map((t) => t.table));
    return orderReferrersFirst(tables, (t) => t.table, refersTo);
  }

  /** table -> the tables it refers to, read from the database (the migrations declare the keys). */
  private async foreignKeys(tables: readonly string[]): Promise<Map<string, Set<string>>> {
    const refs = new Map<string, Set<string>>();
    const add = (from: string, to: string) => from !== to && refs.set(from, (refs.get(from) ?? new Set()).add(to));
    if (this.dataSource.options.type === 'postgres') {
      const rows: { table_name: string; referenced: string }[] = await this.dataSource.query(
        `SELECT tc.table_name, ccu.table_name AS referenced
           FROM information_schema.table_constraints tc
           JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
          WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`,
      );
      rows.forEach((r) => add(r.table_name, r.referenced));
    } else {
      for (const table of tables) {
        const rows: { table: string }[] = await this.dataSource.query('SELECT "table" FROM pragma_foreign_key_list(?)', [table]);
        rows.forEach((r) => add(table, r.table));
      }
    }
    return refs;
  }
}

/** Orders items so that one whose table refers to another's comes before it (cycles keep their order). */
export function orderReferrersFirst<T>(items: readonly T[], tableOf: (item: T) => string, refersTo: ReadonlyMap<string, ReadonlySet<string>>): T[] {
  const byTable = new Map(items.map((item) => [tableOf(item), item]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  // Depth first over "is referred to by": a table is placed after every table that refers to it.
  const referrers = (table: string) => items.map(tableOf).filter((other) => refersTo.get(other)?.has(table));
  const place = (table: string) => {
    if (placed.has(table) || visiting.has(table)) {
      return;
    }
    visiting.add(table);
    referrers(table).forEach(place);
    visiting.delete(table);
    placed.add(table);
    ordered.push(byTable.get(table)!);
  };
  items.map(tableOf).forEach(place);
  return ordered;
}
