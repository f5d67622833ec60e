import { IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { RefreshToken } from './refresh-token.entity.js';

/**
 * Ends a user's sign-in sessions: revokes every refresh-token family of the user, except
 * `keepFamilyId` (the session that asked, e.g. a password change). Runs in the caller's
 * transaction. The one place a password change or reset ends sessions, so the session version of
 * issue 25.3 (refusing old access tokens) can be called from here too. Answers how many live
 * sessions were ended.
 */
export async function endUserSessions(manager: EntityManager, userId: number, keepFamilyId?: string): Promise<number> {
  const repo = manager.getRepository(RefreshToken);
  const family = keepFamilyId ? { familyId: Not(keepFamilyId) } : {};
  const live = await repo.find({
    select: { familyId: true },
    where: { userId, revokedAt: IsNull(), usedAt: IsNull(), expiresAt: MoreThan(new Date()), ...family },
  });
  await repo.update({ userId, revokedAt: IsNull(), ...family }, { revokedAt: new Date() });
  return new Set(live.map((t) => t.familyId)).size;
}
