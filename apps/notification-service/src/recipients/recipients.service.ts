import { Injectable } from '@nestjs/common';
import {
  accountActor,
  ASSIGNED_ROLES,
  roleMay,
  type AccountRole,
  type Actor,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type Right,
} from '@wrenchlog/contracts';
import { AccountMemberEntity, parseMachineIds, type MachineAssignment } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { kindRight, PREFERENCE_OF } from '../notifications/notification.rules.js';
import { memberKey, PreferencesService } from '../preferences/preferences.service.js';

/** A member of an account as notifications reach them: their role and the machines they may see. */
export interface Recipient {
  accountId: number;
  userId: number;
  role: AccountRole;
  /** null: every machine of the account. */
  machines: MachineAssignment;
}

/** The machines a role sees: its assignment for mechanics and operators, every one for the others. */
export const machinesOf = (role: AccountRole, assignment: MachineAssignment): MachineAssignment => (ASSIGNED_ROLES.includes(role) ? assignment : null);

/** Whether a member may see what concerns this machine (null: none) and needs `right` (null: any member). */
export const maySee = (r: Pick<Recipient, 'role' | 'machines'>, machineId: number | null, right: Right | null = null): boolean =>
  (right === null || roleMay(r.role, right)) && (machineId === null || r.machines === null || r.machines.has(machineId));

/** A recipient with their settings in the account. */
export interface Addressee extends Recipient {
  prefs: NotificationPreferences;
}

const ownerOfRecord = (accountId: number): Recipient => ({ accountId, userId: accountId, role: 'owner', machines: null });

/**
 * Who an account's notifications go to (issue 32), from the members projection (MembersModule):
 * every member not removed. An account the projection has not heard of yet (its rows moved at the
 * upgrade, before user-service's events arrived) has its owner of record, whose user id is the
 * account's id, as before accounts. One query for many accounts.
 */
@Injectable()
export class Recipients {
  constructor(
    private readonly dataSource: DataSource,
    private readonly preferences: PreferencesService,
  ) {}

  /** The recipients of these accounts with their settings (two queries). */
  async addressees(manager: EntityManager, accountIds: Iterable<number>): Promise<Map<number, Addressee[]>> {
    const recipients = await this.of(manager, accountIds);
    const prefs = await this.preferences.ofMany(manager, [...recipients.values()].flat());
    return new Map([...recipients].map(([accountId, list]) => [accountId, list.map((r) => ({ ...r, prefs: prefs.get(memberKey(r))! }))]));
  }

  /** The members of the account a notification of this kind and machine reaches on `channel` (who may see it and chose it). */
  async reached(
    manager: EntityManager,
    accountId: number,
    kind: NotificationKind,
    machineId: number | null,
    channel: NotificationChannel,
  ): Promise<Addressee[]> {
    const all = (await this.addressees(manager, [accountId])).get(accountId)!;
    return all.filter((a) => maySee(a, machineId, kindRight(kind)) && a.prefs.kinds[PREFERENCE_OF[kind]].includes(channel));
  }

  async of(manager: EntityManager, accountIds: Iterable<number>): Promise<Map<number, Recipient[]>> {
    const ids = [...new Set(accountIds)];
    const rows = ids.length ? await manager.getRepository(AccountMemberEntity).findBy({ accountId: In(ids) }) : [];
    const known = new Map<number, Recipient[]>();
    for (const row of rows) {
      const list = known.get(row.accountId) ?? [];
      if (!row.removed) {
        const role = row.role as AccountRole;
        list.push({ accountId: row.accountId, userId: row.userId, role, machines: machinesOf(role, parseMachineIds(row.machineIds)) });
      }
      known.set(row.accountId, list);
    }
    return new Map(ids.map((id) => [id, known.get(id) ?? [ownerOfRecord(id)]]));
  }

  /**
   * The member as the actor of work done for them with nobody calling (their calendar feed): their
   * role now, so they see through it what they would see signed in, and the machines they may see.
   * Null once they left the account, or for someone the projection does not know (but an
   * account's owner of record).
   */
  async member(accountId: number, userId: number): Promise<{ actor: Actor; machines: MachineAssignment } | null> {
    const row = await this.dataSource.getRepository(AccountMemberEntity).findOneBy({ accountId, userId });
    if (!row) {
      return userId === accountId ? { actor: accountActor(accountId), machines: null } : null;
    }
    const role = row.role as AccountRole;
    return row.removed ? null : { actor: { ...accountActor(accountId, userId), role }, machines: machinesOf(role, parseMachineIds(row.machineIds)) };
  }
}
