import { Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  ACCOUNT_ROLES,
  ASSIGNED_ROLES,
  eventTime,
  isValidId,
  USER_MEMBER_ASSIGNMENT,
  type AccountRole,
  type Actor,
  type Audited,
  type MemberRef,
  type MemberSavedEvent,
} from '@wrenchlog/contracts';
import { DataSource, In, type EntityManager } from 'typeorm';
import { RpcClient } from '../rpc/rpc-client.js';
import { AccountMemberEntity } from './account-member.entity.js';

/** A row's people: who created it and who last changed it (user ids; null when unknown). */
export interface AuditIds {
  createdBy: number | null;
  updatedBy: number | null;
}

/** What a service adds to account.member.saved (issue 34: notification-service follows the account's time zone). */
export interface MemberSavedHooks {
  /** Runs in the transaction that stored the member's new state (not for an event older than it), so an outbox row commits with it. */
  applied(manager: EntityManager, e: MemberSavedEvent): Promise<void>;
}

/** `{ provide: MEMBER_SAVED_HOOKS, useClass | useExisting }` in any module of a service (looked up across the application). */
export const MEMBER_SAVED_HOOKS = Symbol('MEMBER_SAVED_HOOKS');

/** A member's machine assignment as the policy reads it: null for every machine of the account. */
export type MachineAssignment = ReadonlySet<number> | null;

/** One of a person's live memberships as this service knows it (MemberDirectory.memberships). */
export interface KnownMembership {
  accountId: number;
  role: AccountRole;
  /** Their assignment (null: every machine); read it for ASSIGNED_ROLES only. */
  machineIds: MachineAssignment;
  timeZone: string | null;
}

/**
 * The members of accounts as this service knows them from user-service's events (issue 32): the
 * names behind `createdBy` / `updatedBy`, and (step 3) each member's machine assignment. One
 * query per answer, never one per row.
 */
@Injectable()
export class MemberDirectory {
  private readonly logger = new Logger(MemberDirectory.name);

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly rpc?: RpcClient,
    @Optional() private readonly moduleRef?: ModuleRef,
  ) {}

  private get hooks(): MemberSavedHooks | undefined {
    try {
      return this.moduleRef?.get<MemberSavedHooks>(MEMBER_SAVED_HOOKS, { strict: false });
    } catch {
      return undefined; // the service adds nothing
    }
  }

  /** account.member.saved: keep the newest state of the member (an older event changes nothing). */
  async onSaved(e: MemberSavedEvent | null | undefined): Promise<void> {
    if (!e || !isValidId(e.accountId) || !isValidId(e.userId) || typeof e.name !== 'string' || !ACCOUNT_ROLES.includes(e.role)) {
      this.logger.warn('ignored a malformed account.member.saved event');
      return;
    }
    const at = eventTime(e.at);
    const machineIds = Array.isArray(e.machineIds) ? JSON.stringify(e.machineIds.filter(isValidId)) : null;
    await this.dataSource.transaction(async (manager) => {
      const table = manager.getRepository(AccountMemberEntity);
      const known = await table.findOneBy({ accountId: e.accountId, userId: e.userId });
      if (known && known.updatedAt.getTime() > at.getTime()) {
        return;
      }
      // An event from before time zones (no field) keeps the zone already known.
      const timeZone = e.timeZone === undefined ? (known?.timeZone ?? null) : typeof e.timeZone === 'string' ? e.timeZone.slice(0, 64) : null;
      await table.upsert(
        {
          accountId: e.accountId,
          userId: e.userId,
          name: e.name.slice(0, 100),
          role: e.role,
          machineIds,
          removed: e.removed === true,
          timeZone,
          updatedAt: at,
        },
        ['accountId', 'userId'],
      );
      await this.hooks?.applied(manager, e);
    });
  }

  /** The names of these people in the account, by user id (one query). */
  async refs(accountId: number, userIds: Iterable<number | null | undefined>): Promise<Map<number, MemberRef>> {
    const ids = [...new Set([...userIds].filter((id): id is number => isValidId(id)))];
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.dataSource.getRepository(AccountMemberEntity).find({
      select: { userId: true, name: true },
      where: { accountId, userId: In(ids) },
    });
    return new Map(rows.map((r) => [r.userId, { id: r.userId, name: r.name }]));
  }

  /**
   * `createdBy` and `updatedBy` for each of these rows, in their order (one query for all): the
   * person's name, or null for someone this service has not heard of yet (their event is on its way).
   */
  async audit(accountId: number, rows: readonly AuditIds[]): Promise<Audited[]> {
    const names = await this.refs(
      accountId,
      rows.flatMap((r) => [r.createdBy, r.updatedBy]),
    );
    const ref = (id: number | null): MemberRef | null => (isValidId(id) ? (names.get(id) ?? { id, name: null }) : null);
    return rows.map((r) => ({ createdBy: ref(r.createdBy), updatedBy: ref(r.updatedBy) }));
  }

  /** Each row with its `createdBy` / `updatedBy` (one query for all). */
  async withAudit<T extends object>(accountId: number, views: readonly T[], ids: (view: T) => AuditIds): Promise<(T & Audited)[]> {
    const audited = await this.audit(accountId, views.map(ids));
    return views.map((view, i) => ({ ...view, ...audited[i] }));
  }

  /**
   * Every account this person is a live member of, as the projection knows it (one query on its
   * user index): for an answer that spans the person's accounts (issue 35's my-work). A membership
   * whose event has not arrived yet is missing until it does.
   */
  async memberships(userId: number): Promise<KnownMembership[]> {
    const rows = await this.dataSource.getRepository(AccountMemberEntity).find({
      select: { accountId: true, role: true, machineIds: true, removed: true, timeZone: true },
      where: { userId },
      order: { accountId: 'ASC' },
    });
    return rows
      .filter((r) => !r.removed && ACCOUNT_ROLES.includes(r.role as AccountRole))
      .map((r) => ({ accountId: r.accountId, role: r.role as AccountRole, machineIds: parseMachineIds(r.machineIds), timeZone: r.timeZone }));
  }

  /**
   * The machines this caller may see (null: all of the account's): a mechanic's or operator's
   * assignment, and for an API token limited to some machines (issue 33) only those of them. The
   * one place every service asks, so a token's limit applies wherever an assignment does.
   */
  visibleMachines(actor: Actor): Promise<MachineAssignment> {
    return machinesVisibleTo(actor, (accountId, userId) => this.assignment(accountId, userId));
  }

  /**
   * A live member's role and machines (null: not a member, or removed). One this service has not
   * heard of yet (they joined a moment ago: their event is on its way) is asked of user-service, so
   * assigning a mechanic who just joined does not fail on another service's lag.
   */
  async member(accountId: number, userId: number): Promise<{ role: AccountRole; machineIds: MachineAssignment } | null> {
    const row = await this.dataSource
      .getRepository(AccountMemberEntity)
      .findOne({ select: { role: true, machineIds: true, removed: true }, where: { accountId, userId } });
    if (row) {
      return row.removed ? null : { role: row.role as AccountRole, machineIds: parseMachineIds(row.machineIds) };
    }
    if (!this.rpc) {
      return null;
    }
    const asked = await this.rpc.send(USER_MEMBER_ASSIGNMENT, {}, { actor: { userId, accountId, adminLevel: 0, role: 'operator' } });
    return asked.member && asked.role ? { role: asked.role, machineIds: asked.machineIds === null ? null : new Set(asked.machineIds.filter(isValidId)) } : null;
  }

  /**
   * The machines this member is assigned to (null: all of the account's). Ask it for the roles
   * that have assignments (ASSIGNED_ROLES). A member this service has not heard of yet (they joined
   * a moment ago: their event is on its way) is asked of user-service, once; a removed one, or one
   * user-service does not know either, has none: rights are never wider than the last change says.
   */
  async assignment(accountId: number, userId: number): Promise<MachineAssignment> {
    const row = await this.dataSource.getRepository(AccountMemberEntity).findOne({ select: { machineIds: true, removed: true }, where: { accountId, userId } });
    if (row) {
      return row.removed ? new Set() : parseMachineIds(row.machineIds);
    }
    if (!this.rpc) {
      return new Set();
    }
    const asked = await this.rpc.send(USER_MEMBER_ASSIGNMENT, {}, { actor: { userId, accountId, adminLevel: 0, role: 'operator' } });
    return asked.member ? (asked.machineIds === null ? null : new Set(asked.machineIds.filter(isValidId))) : new Set();
  }
}

export function parseMachineIds(text: string | null): MachineAssignment {
  if (text === null) {
    return null;
  }
  try {
    const ids: unknown = JSON.parse(text);
    return new Set(Array.isArray(ids) ? ids.filter(isValidId) : []);
  } catch {
    return new Set();
  }
}

/** MemberDirectory.visibleMachines over any source of assignments (the services' fakes use it too). */
export async function machinesVisibleTo(
  actor: Actor,
  assignment: (accountId: number, userId: number) => Promise<MachineAssignment>,
): Promise<MachineAssignment> {
  const assigned = ASSIGNED_ROLES.includes(actor.role) ? await assignment(actor.accountId, actor.userId) : null;
  const limit = actor.token?.machineIds;
  if (!Array.isArray(limit)) {
    return assigned;
  }
  return new Set(limit.filter((id) => isValidId(id) && (assigned === null || assigned.has(id))));
}
