import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ACCOUNT_MEMBER_SAVED, pickPreferences, type AccountRole, type MemberSavedEvent } from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { In } from 'typeorm';
import { Transactions, type Tx } from '../common/transactions.js';
import { AccountEntity } from './account.entity.js';
import { MembershipEntity } from './membership.entity.js';
import { MembershipsRepository } from './memberships.repository.js';

/** A member's state as ACCOUNT_MEMBER_SAVED tells it. */
export interface MemberState {
  accountId: number;
  userId: number;
  name: string;
  role: AccountRole;
  machineIds: number[] | null;
  removed?: boolean;
}

/** Memberships announced per transaction by the backfill. */
const BACKFILL_BATCH = 500;

/**
 * ACCOUNT_MEMBER_SAVED through the outbox, in the transaction of the change it reports (issue 32):
 * the other services keep their members projection (names for "Added by", assignments) from it.
 * At startup every membership not yet announced (all of them after the upgrade) is announced once.
 */
@Injectable()
export class MemberEvents implements OnApplicationBootstrap {
  private readonly logger = new Logger(MemberEvents.name);

  constructor(
    private readonly outbox: Outbox,
    private readonly memberships: MembershipsRepository,
    private readonly transactions: Transactions,
  ) {}

  /** Announces the members' new states; the rows that still exist are marked announced. */
  async announce(tx: Tx, states: MemberState[], at = new Date()): Promise<void> {
    const { zones, accountZones } = await this.timeZones(tx, states);
    const events: MemberSavedEvent[] = states.map((s) => ({
      accountId: s.accountId,
      userId: s.userId,
      name: s.name,
      role: s.role,
      machineIds: s.machineIds,
      removed: s.removed ?? false,
      timeZone: zones.get(`${s.accountId}:${s.userId}`) ?? null,
      accountTimeZone: accountZones.get(s.accountId) ?? null,
      at: at.toISOString(),
    }));
    await this.outbox.enqueueMany(tx, ACCOUNT_MEMBER_SAVED, events, { actor: null });
    for (const s of states.filter((state) => !state.removed)) {
      await this.memberships.update(tx, s.accountId, s.userId, { announcedAt: at });
    }
  }

  /** A person's new name, once per membership ("Added by" in every account they are in shows it). */
  async announceName(tx: Tx, userId: number, name: string): Promise<void> {
    const memberships = await this.memberships.ofUser(tx, userId);
    await this.announce(
      tx,
      memberships.map((m) => ({ ...m, name })),
    );
  }

  /**
   * Every member of the account again, after its defaults changed (issue 34): a member without a
   * time zone of their own follows the account's, and notification-service dates their digest by it.
   */
  async announceAccount(tx: Tx, accountId: number): Promise<void> {
    const members = await this.memberships.members(accountId, tx);
    await this.announce(tx, members);
  }

  /** Each member's time zone preference (own, else the account default) by `account:user`, and each account's default; two queries. */
  private async timeZones(tx: Tx, states: MemberState[]): Promise<{ zones: Map<string, string>; accountZones: Map<number, string> }> {
    const live = states.filter((s) => !s.removed);
    if (live.length === 0) {
      return { zones: new Map(), accountZones: new Map() };
    }
    const accountIds = [...new Set(live.map((s) => s.accountId))];
    const userIds = [...new Set(live.map((s) => s.userId))];
    const rows = await tx
      .getRepository(MembershipEntity)
      .find({ select: { accountId: true, userId: true, preferences: true }, where: { accountId: In(accountIds), userId: In(userIds) } });
    const accounts = await tx.getRepository(AccountEntity).find({ select: { id: true, defaults: true }, where: { id: In(accountIds) } });
    const accountZones = new Map<number, string>();
    for (const a of accounts) {
      const zone = pickPreferences(a.defaults ?? {}).timeZone;
      if (zone) {
        accountZones.set(a.id, zone);
      }
    }
    const zones = new Map<string, string>();
    for (const row of rows) {
      const zone = pickPreferences(row.preferences ?? {}).timeZone ?? accountZones.get(row.accountId);
      if (zone) {
        zones.set(`${row.accountId}:${row.userId}`, zone);
      }
    }
    return { zones, accountZones };
  }

  onApplicationBootstrap(): void {
    // In the background: a large instance's first start after the upgrade must not wait on it.
    void this.backfill().catch((err: Error) => this.logger.warn(`members not all announced, the next start goes on: ${err.message}`));
  }

  /**
   * Announces every membership without `announced_at`, a batch per transaction. Run again (another
   * replica, a restart midway) it only announces what is still unannounced; a row two replicas both
   * read is announced twice at worst, which consumers take (a state event, ordered by `at`).
   */
  async backfill(): Promise<number> {
    let announced = 0;
    for (;;) {
      const rows = await this.memberships.unannounced(BACKFILL_BATCH);
      if (rows.length === 0) {
        return announced;
      }
      const complete = await this.transactions
        .run(async (tx) => {
          const at = new Date();
          if ((await this.memberships.markAnnounced(tx, rows, at)) !== rows.length) {
            throw new Error('another replica is announcing them'); // rolls this batch's marks back
          }
          await this.announce(tx, rows, at);
          return true;
        })
        .catch(() => false);
      if (!complete) {
        return announced;
      }
      announced += rows.length;
      this.logger.log(`announced ${announced} memberships to the other services`);
    }
  }
}
