import { MemberEvents } from '../accounts/member-events.js';
import { Injectable } from '@nestjs/common';
import type { Actor, AdminUserApproveRequest, AdminUserUpdateRequest, AdminUserView, SignupMessage, SignupReply } from '@wrenchlog/contracts';
import { notFound } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionsService } from '../auth/sessions.service.js';
import { Transactions } from '../common/transactions.js';
import { PasswordService } from '../password/password.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { NewUsers } from '../users/new-users.js';
import { UsersRepository } from '../users/users.repository.js';
import { accountColumns, changeEffects, checkAccountChange, type AccountChange } from './admin-users.rules.js';

export const toAdminUserView = (u: UserEntity): AdminUserView => ({
  id: u.id,
  name: u.name,
  username: u.username,
  createDate: u.createDate.toISOString(),
  enabled: u.enabled ? 1 : 0,
  userSelfDescription: u.userSelfDescription,
  adminLevel: u.adminLevel,
  passwordIsPlaceholder: u.passwordIsPlaceholder,
});

/** The unusable password a signup starts with: random, and more than 4 hyphens so the spec's rule calls it a placeholder. */
export const signupPlaceholderPassword = (): string => `placeholder-${randomUUID()}`;

/** What every signup answers: built from the request alone, so a new and an existing email read alike. */
const signupReply = (username: string, request: SignupMessage): SignupReply => ({
  name: request.name.trim(),
  username,
  createDate: new Date().toISOString(),
  enabled: 0,
  userSelfDescription: request.userSelfDescription?.trim() || null,
  adminLevel: 0,
  passwordIsPlaceholder: true,
});

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly newUsers: NewUsers,
    private readonly transactions: Transactions,
    private readonly hasher: PasswordHasher,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly members: MemberEvents,
  ) {}

  /**
   * Public signup. Whatever the payload says about enabled, admin level or password, the account
   * starts disabled, with no admin rights and an unusable placeholder password, and waits for approval.
   * An email that already has an account is answered like a new signup (a 409 told anyone which
   * emails have accounts: issue 25), and its owner gets an email about the attempt instead.
   */
  async signup(request: SignupMessage): Promise<SignupReply> {
    const username = request.username.trim().toLowerCase();
    // Hashed before the lookup, so both answers take the hash's time.
    const passwordHash = await this.hasher.hash(signupPlaceholderPassword());
    const existing = await this.users.byUsername(username);
    if (existing) {
      return this.signupForExisting(existing, request);
    }
    try {
      await this.newUsers.create({
        username,
        name: request.name.trim(),
        passwordHash,
        passwordIsPlaceholder: true,
        adminLevel: 0,
        enabled: false,
        userSelfDescription: request.userSelfDescription?.trim() || null,
        createDate: new Date(),
      });
      return signupReply(username, request);
    } catch (err) {
      // Two signups with the same email at the same moment: the unique index decides.
      const winner = await this.users.byUsername(username);
      if (winner) {
        return this.signupForExisting(winner, request);
      }
      throw err;
    }
  }

  /** The same answer as a new signup; the owner is told by email. */
  private async signupForExisting(owner: UserEntity, request: SignupMessage): Promise<SignupReply> {
    await this.transactions.run((tx) => this.passwords.sendSignupAttempt(tx, owner, request.publicUrl));
    return signupReply(owner.username, request);
  }

  /** Newest first; page is 0-based. */
  async list(page: number, size: number): Promise<AdminUserView[]> {
    return (await this.users.page(page, size)).map(toAdminUserView);
  }

  async update(admin: Actor, request: AdminUserUpdateRequest): Promise<AdminUserView> {
    const enabled = request.enabled == null ? undefined : request.enabled === 1 || request.enabled === true;
    return this.change(admin, request.id, { ...request, enabled });
  }

  /**
   * Approval enables the account and emails the user a single-use link to set their own password
   * (issue 18: the administrator never needs to know it). Refused (409) with the spec's message
   * when the password sent with it has more than 4 hyphens, even for an account already enabled.
   */
  async approve(admin: Actor, request: AdminUserApproveRequest): Promise<AdminUserView> {
    return this.change(admin, request.id, { password: request.password, enabled: true, approval: true, publicUrl: request.publicUrl });
  }

  /** The one place an administrator changes an account: the edit dialog and the approval both come here. */
  private async change(admin: Actor, id: number, change: AccountChange): Promise<AdminUserView> {
    const newHash = change.password ? await this.hasher.hash(change.password) : undefined;
    return this.transactions.run(async (tx) => {
      const user = await this.users.byId(id, tx);
      if (!user) {
        throw notFound('User not found');
      }
      checkAccountChange(user, change, admin.userId);
      const columns = accountColumns(change, newHash);
      await this.users.update(user.id, columns, tx);
      const saved: UserEntity = { ...user, ...columns };
      const effects = changeEffects(user, saved, newHash !== undefined);
      if (columns.name !== undefined && columns.name !== user.name) {
        await this.members.announceName(tx, user.id, columns.name);
      }
      if (effects.endSessions) {
        await this.sessions.endSessions(saved.id, tx);
      }
      if (effects.sendSetupLink) {
        await this.passwords.sendSetupLink(tx, saved, change.publicUrl, !saved.passwordIsPlaceholder);
      }
      return toAdminUserView(saved);
    });
  }
}
