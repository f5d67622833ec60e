import { IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { User } from '../users/user.entity.js';
import { RefreshToken } from './refresh-token.entity.js';

/**
 * Ends a user's sign-in sessions: revokes every refresh-token family of the user, except
 * `keepFamilyId` (the session that asked, e.g. a password change). Runs in the caller's
 * transaction. The session version goes up too, so the gateway refuses every access token issued
 * before (issue 25.3); the kept session gets a new one at its next refresh. The one place that ends
 * sessions (SessionsService.endSessions, password change and reset). Answers how many live sessions
 * were ended.
 */
export async function endUserSessions(manager: EntityManager, userId: number, keepFamilyId?: string): Promise<number> {
  await manager
    .createQueryBuilder()
    .update(User)
    .set({ sessionVersion: () => 'session_version + 1', sessionsEndedAt: new Date() })
    .where('id = :userId', { userId })
    .execute();
  const repo = manager.getRepository(RefreshToken);
  const family = keepFamilyId ? { familyId: Not(keepFamilyId) } : {};
  const live = await repo.find({
    select: { familyId: true },
    where: { userId, revokedAt: IsNull(), usedAt: IsNull(), expiresAt: MoreThan(new Date()), ...family },
  });
  await repo.update({ userId, revokedAt: IsNull(), ...family }, { revokedAt: new Date() });
  return new Set(live.map((t) => t.familyId)).size;
}
