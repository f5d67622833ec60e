import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  isPlaceholderPassword,
  PLACEHOLDER_PASSWORD_MESSAGE,
  type Actor,
  type AdminUserApproveRequest,
  type AdminUserUpdateRequest,
  type AdminUserView,
  type SignupMessage,
  type SignupReply,
} from '@wrenchlog/contracts';
import { conflict, notFound, requireAdmin } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionsService } from '../auth/sessions.service.js';
import { PasswordService } from '../password/password.service.js';
import { User } from '../users/user.entity.js';

export const toAdminUserView = (u: User): AdminUserView => ({
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
/** What an administrator may change on an account; absent fields stay as they are. */
interface AccountChange {
  name?: string;
  userSelfDescription?: string | null;
  password?: string | null;
  enabled?: boolean;
  publicUrl?: string;
}

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
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
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
    const existing = await this.users.findOneBy({ username });
    if (existing) {
      return this.signupForExisting(existing, request);
    }
    try {
      const user = this.users.create({
        username,
        name: request.name.trim(),
        passwordHash,
        passwordIsPlaceholder: true,
        adminLevel: 0,
        enabled: false,
        userSelfDescription: request.userSelfDescription?.trim() || null,
        createDate: new Date(),
      });
      await this.users.save(user);
      return signupReply(username, request);
    } catch (err) {
      // Two signups with the same email at the same moment: the unique index decides.
      const winner = await this.users.findOneBy({ username });
      if (winner) {
        return this.signupForExisting(winner, request);
      }
      throw err;
    }
  }

  /** The same answer as a new signup; the owner is told by email. */
  private async signupForExisting(owner: User, request: SignupMessage): Promise<SignupReply> {
    await this.dataSource.transaction((manager) => this.passwords.sendSignupAttempt(manager, owner, request.publicUrl));
    return signupReply(owner.username, request);
  }

  /** Newest first; page is 0-based. */
  async list(actor: Actor | null, page: number, size: number): Promise<AdminUserView[]> {
    requireAdmin(actor);
    const rows = await this.users.find({ order: { createDate: 'DESC', id: 'DESC' }, skip: page * size, take: size });
    return rows.map(toAdminUserView);
  }

  async update(actor: Actor | null, request: AdminUserUpdateRequest): Promise<AdminUserView> {
    const admin = requireAdmin(actor);
    const enabled = request.enabled == null ? undefined : request.enabled === 1 || request.enabled === true;
    return this.change(admin, request.id, { ...request, enabled });
  }

  /**
   * Approval enables the account and emails the user a single-use link to set their own password
   * (issue 18: the administrator never needs to know it). Refused (409) with the spec's message
   * when the password sent with it has more than 4 hyphens, even for an account already enabled.
   */
  async approve(actor: Actor | null, request: AdminUserApproveRequest): Promise<AdminUserView> {
    const admin = requireAdmin(actor);
    if (isPlaceholderPassword(request.password)) {
      throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
    }
    return this.change(admin, request.id, { password: request.password, enabled: true, publicUrl: request.publicUrl });
  }

  /** The one place an administrator changes an account: the edit dialog and the approval both come here. */
  private async change(admin: Actor, id: number, change: AccountChange): Promise<AdminUserView> {
    const newHash = change.password ? await this.hasher.hash(change.password) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(User);
      const user = await this.find(repo, id);
      const wasEnabled = user.enabled;
      if (typeof change.name === 'string') {
        user.name = change.name.trim();
      }
      if (change.userSelfDescription !== undefined) {
        user.userSelfDescription = change.userSelfDescription?.trim() || null;
      }
      if (newHash) {
        user.passwordHash = newHash;
        // A password that itself looks like a placeholder (more than 4 hyphens) keeps the account unapprovable.
        user.passwordIsPlaceholder = isPlaceholderPassword(change.password);
      }
      if (change.enabled !== undefined) {
        // Enabling is an approval: the spec's rule refuses a password with more than 4 hyphens sent with it.
        if (change.enabled && !wasEnabled && newHash && user.passwordIsPlaceholder) {
          throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
        }
        if (!change.enabled && user.id === admin.userId) {
          throw conflict('You cannot disable your own account.');
        }
        user.enabled = change.enabled;
      }
      const saved = await repo.save(user);
      if (newHash || (wasEnabled && !saved.enabled)) {
        // A new password or a disabled account ends the user's sessions.
        await this.sessions.endSessions(saved.id, manager);
      }
      if (!wasEnabled && saved.enabled) {
        await this.passwords.sendSetupLink(manager, saved, change.publicUrl, !saved.passwordIsPlaceholder);
      }
      return toAdminUserView(saved);
    });
  }

  private async find(repo: Repository<User>, id: number): Promise<User> {
    const user = await repo.findOneBy({ id });
    if (!user) {
      throw notFound('User not found');
    }
    return user;
  }
}
