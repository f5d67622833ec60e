import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  isPlaceholderPassword,
  PLACEHOLDER_PASSWORD_MESSAGE,
  type Actor,
  type AdminUserApproveRequest,
  type AdminUserUpdateRequest,
  type AdminUserView,
  type SignupRequest,
} from '@wrenchlog/contracts';
import { conflict, notFound, requireAdmin } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
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

@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailQueue,
    private readonly env: UserEnv,
  ) {}

  /**
   * Public signup. Whatever the payload says about enabled, admin level or password, the account
   * starts disabled, with no admin rights and an unusable placeholder password, and waits for approval.
   * An email that already has an account is answered like a new signup (a 409 told anyone which
   * emails have accounts: issue 25), and its owner gets an email about the attempt instead.
   */
  async signup(request: SignupRequest): Promise<AdminUserView> {
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
      return toAdminUserView(await this.users.save(user));
    } catch (err) {
      // Two signups with the same email at the same moment: the unique index decides.
      const winner = await this.users.findOneBy({ username });
      if (winner) {
        return this.signupForExisting(winner, request);
      }
      throw err;
    }
  }

  /** What a new signup answers (pending, no rights), with no id of a stored account; the owner is told by email. */
  private async signupForExisting(owner: User, request: SignupRequest): Promise<AdminUserView> {
    await this.dataSource.transaction((manager) => this.sendSignupAttemptMail(manager, owner));
    return {
      id: 0,
      name: request.name.trim(),
      username: owner.username,
      createDate: new Date().toISOString(),
      enabled: 0,
      userSelfDescription: request.userSelfDescription?.trim() || null,
      adminLevel: 0,
      passwordIsPlaceholder: true,
    };
  }

  /** Newest first; page is 0-based. */
  async list(actor: Actor | null, page: number, size: number): Promise<AdminUserView[]> {
    requireAdmin(actor);
    const rows = await this.users.find({ order: { createDate: 'DESC', id: 'DESC' }, skip: page * size, take: size });
    return rows.map(toAdminUserView);
  }

  async update(actor: Actor | null, request: AdminUserUpdateRequest): Promise<AdminUserView> {
    const admin = requireAdmin(actor);
    const newHash = request.password ? await this.hasher.hash(request.password) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(User);
      const user = await this.find(repo, request.id);
      const wasEnabled = user.enabled;
      if (typeof request.name === 'string') {
        user.name = request.name.trim();
      }
      if (request.userSelfDescription !== undefined) {
        user.userSelfDescription = request.userSelfDescription?.trim() || null;
      }
      if (newHash) {
        user.passwordHash = newHash;
        // A password that itself looks like a placeholder (more than 4 hyphens) keeps the account unapprovable.
        user.passwordIsPlaceholder = isPlaceholderPassword(request.password);
      }
      if (request.enabled != null) {
        const enable = request.enabled === 1 || request.enabled === true;
        if (enable && !wasEnabled && user.passwordIsPlaceholder) {
          throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
        }
        if (!enable && user.id === admin.userId) {
          throw conflict('You cannot disable your own account.');
        }
        user.enabled = enable;
      }
      const saved = await repo.save(user);
      if (newHash || (wasEnabled && !saved.enabled)) {
        // A new password or a disabled account ends the user's sessions.
        await this.revokeSessions(manager, saved.id);
      }
      if (!wasEnabled && saved.enabled) {
        await this.sendApprovalMail(manager, saved);
      }
      return toAdminUserView(saved);
    });
  }

  /**
   * Approval enables the account and emails the user that they can sign in. Refused (409) while the
   * stored password is the signup placeholder, or when the password sent with it is one.
   */
  async approve(actor: Actor | null, request: AdminUserApproveRequest): Promise<AdminUserView> {
    requireAdmin(actor);
    if (request.password && isPlaceholderPassword(request.password)) {
      throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
    }
    const newHash = request.password ? await this.hasher.hash(request.password) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(User);
      const user = await this.find(repo, request.id);
      if (newHash) {
        user.passwordHash = newHash;
        user.passwordIsPlaceholder = false;
      }
      if (user.passwordIsPlaceholder || !user.passwordHash) {
        throw conflict(PLACEHOLDER_PASSWORD_MESSAGE);
      }
      const wasEnabled = user.enabled;
      user.enabled = true;
      const saved = await repo.save(user);
      if (newHash) {
        await this.revokeSessions(manager, saved.id);
      }
      if (!wasEnabled) {
        await this.sendApprovalMail(manager, saved);
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

  private async revokeSessions(manager: EntityManager, userId: number): Promise<void> {
    await manager.getRepository(RefreshToken).update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async sendSignupAttemptMail(manager: EntityManager, owner: User): Promise<void> {
    const url = this.env.PUBLIC_URL.replace(/\/+$/, '');
    await this.mail.enqueue(manager, {
      to: owner.username,
      subject: 'Someone tried to sign up with your email address',
      text: [
        `Hello ${owner.name},`,
        '',
        'Someone just asked for a new Wrenchlog account with your email address. You already have an',
        'account, so nothing was created. If it was you, sign in with your existing account:',
        '',
        `  ${url}/login`,
        '',
        'If it was not you, you can ignore this email.',
        '',
        'The Wrenchlog team',
      ].join('\n'),
    });
  }

  private async sendApprovalMail(manager: EntityManager, user: User): Promise<void> {
    const url = this.env.PUBLIC_URL.replace(/\/+$/, '');
    await this.mail.enqueue(manager, {
      to: user.username,
      subject: 'Your Wrenchlog account is approved',
      text: [
        `Hello ${user.name},`,
        '',
        'Your Wrenchlog account has been approved. You can sign in now:',
        '',
        `  ${url}/login`,
        `  Email: ${user.username}`,
        '',
        'Use the password your administrator set for you. If you do not have it, ask your administrator.',
        '',
        'The Wrenchlog team',
      ].join('\n'),
    });
  }
}
