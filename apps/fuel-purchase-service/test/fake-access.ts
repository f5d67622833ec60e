import type { Actor } from '@wrenchlog/contracts';
import { machinesVisibleTo, type AuditIds, type MemberDirectory } from '@wrenchlog/platform';
import { AccountAccess } from '../src/common/access.js';
import type { FakeDatabase } from './fakes.js';

/**
 * AccountAccess over the fake members table: a member's assignment as user-service last said it
 * (`assign`), names as `Member <id>`.
 */
export const fakeAccess = (db: FakeDatabase): AccountAccess =>
  new AccountAccess(
    // Only the two reads AccountAccess makes.
    {
      visibleMachines: (actor: Actor) => machinesVisibleTo(actor, async (accountId, userId) => db.tables.assignments.get(`${accountId}:${userId}`) ?? null),
      audit: async (_accountId: number, rows: readonly AuditIds[]) =>
        rows.map((r) => ({
          createdBy: r.createdBy === null ? null : { id: r.createdBy, name: `Member ${r.createdBy}` },
          updatedBy: r.updatedBy === null ? null : { id: r.updatedBy, name: `Member ${r.updatedBy}` },
        })),
    } as unknown as MemberDirectory,
  );
