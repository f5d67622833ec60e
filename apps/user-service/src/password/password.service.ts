import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  FORGOT_PASSWORD_REPLY,
  PASSWORD_LINK_INVALID,
  RESET_LINK_TTL_HOURS,
  SETUP_LINK_TTL_HOURS,
  type Actor,
  type ChangePasswordMessage,
  type ChangePasswordReply,
  type ForgotPasswordMessage,
  type ForgotPasswordReply,
  type SetPasswordReply,
  type SetPasswordRequest,
} from '@wrenchlog/contracts';
import { badRequest, notFound, requireActor, validationFailed } from '@wrenchlog/platform';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository, type EntityManager } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher.js';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { endUserSessions } from '../auth/sessions.js';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
import { User } from '../users/user.entity.js';
import { PasswordToken, type PasswordTokenPurpose } from './password-token.entity.js';
import { judgePasswordToken, linkBase, PASSWORD_LINK_TTL_MS, RESET_MAIL_INTERVAL_MS } from './password-token.rules.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The account's own password: set-password links (approval, forgotten password) and the change in Settings. */
@Injectable()
export class PasswordService {
  private readonly logger = new Logger(PasswordService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailQueue,
    private readonly env: UserEnv,
  ) {}

  /**
   * Emails an approved user a single-use link to set their own password, in the caller's
   * transaction (approval). Older unused links of the user stop working.
   */
  async sendSetupLink(manager: EntityManager, user: User, publicUrl: string | undefined, adminSetPassword: boolean): Promise<void> {
    const link = `${linkBase(this.env.PUBLIC_URL, publicUrl)}/set-password?token=${await this.issue(manager, user.id, 'setup')}`;
    await this.mail.enqueue(manager, {
      to: user.username,
      subject: 'Your Wrenchlog account is approved',
      text: [
        `Hello ${user.name},`,
        '',
        'Your Wrenchlog account has been approved. Choose your password with this link:',
        '',
        `  ${link}`,
        '',
        `The link works once and expires after ${SETUP_LINK_TTL_HOURS} hours. Then sign in with your email (${user.username}) and that password.`,
        adminSetPassword
          ? 'Your administrator also set a password for you; it works until you choose your own.'
          : 'Nobody else knows your password: your administrator never sees it.',
        `If the link has expired, use "Forgot password?" on the sign-in page: ${linkBase(this.env.PUBLIC_URL, publicUrl)}/login`,
        '',
        'The Wrenchlog team',
      ].join('\n'),
    });
  }

  /** Same answer whatever the email: only an enabled account gets a link, at most one a minute. */
  /** A signup named an email that already has an account: its owner hears of it (issue 25), nothing is created. */
  async sendSignupAttempt(manager: EntityManager, owner: User, publicUrl: string | undefined): Promise<void> {
    await this.mail.enqueue(manager, {
      to: owner.username,
      subject: 'Someone tried to sign up with your email address',
      text: [
        `Hello ${owner.name},`,
        '',
        'Someone just asked for a new Wrenchlog account with your email address. You already have an',
        'account, so nothing was created. If it was you, sign in with your existing account:',
        '',
        `  ${linkBase(this.env.PUBLIC_URL, publicUrl)}/login`,
        '',
        'If it was not you, you can ignore this email. If you forgot your password, use "Forgot password?" there.',
        '',
        'The Wrenchlog team',
      ].join('\n'),
    });
  }

  async forgot({ email, publicUrl }: ForgotPasswordMessage): Promise<ForgotPasswordReply> {
    const user = await this.users.findOneBy({ username: email.trim().toLowerCase() });
    if (user?.enabled) {
      await this.dataSource.transaction(async (manager) => {
        const recent = await manager.getRepository(PasswordToken).existsBy({
          userId: user.id,
          purpose: 'reset',
          createdAt: MoreThan(new Date(Date.now() - RESET_MAIL_INTERVAL_MS)),
        });
        if (recent) {
          return;
        }
        const base = linkBase(this.env.PUBLIC_URL, publicUrl);
        await this.mail.enqueue(manager, {
          to: user.username,
          subject: 'Choose a new Wrenchlog password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (we hope you) asked to choose a new password for your Wrenchlog account. Use this link:',
            '',
            `  ${base}/set-password?token=${await this.issue(manager, user.id, 'reset')}`,
            '',
            `The link works once and expires after ${RESET_LINK_TTL_HOURS} hour${RESET_LINK_TTL_HOURS === 1 ? '' : 's'}. Choosing a new password signs you out everywhere.`,
            'If you did not ask for this, ignore this email: your password stays as it is.',
            '',
            'The Wrenchlog team',
          ].join('\n'),
        });
      });
    }
    return { message: FORGOT_PASSWORD_REPLY };
  }

  /** The emailed link sets the password: once, before it expires. Every session of the account ends. */
  async setWithToken({ token, password }: SetPasswordRequest): Promise<SetPasswordReply> {
    const invalid = () => badRequest(PASSWORD_LINK_INVALID, [{ field: 'token', message: PASSWORD_LINK_INVALID }]);
    // A cheap look first, so a wrong token costs no hashing; the claim below decides.
    const found = await this.dataSource.getRepository(PasswordToken).findOneBy({ tokenHash: sha256(token) });
    if (judgePasswordToken(found, new Date()) !== 'valid') {
      throw invalid();
    }
    const passwordHash = await this.hasher.hash(password);
    return this.dataSource.transaction(async (manager) => {
      const tokens = manager.getRepository(PasswordToken);
      // Conditional update: of two uses of the same link only one wins.
      const claimed = await tokens.update({ id: found!.id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { usedAt: new Date() });
      const user = await manager.getRepository(User).findOneBy({ id: found!.userId });
      if (!claimed.affected || !user) {
        throw invalid();
      }
      await manager.getRepository(User).update({ id: user.id }, { passwordHash, passwordIsPlaceholder: false });
      await this.retireLinks(manager, user.id);
      await endUserSessions(manager, user.id);
      this.logger.log(`user #${user.id} set a password with a ${found!.purpose} link`);
      return { username: user.username };
    });
  }

  /** Settings: the current password is required; every other session of the account ends. */
  async change(actor: Actor | null, request: ChangePasswordMessage): Promise<ChangePasswordReply> {
    const { userId } = requireActor(actor);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) {
      throw notFound('User not found');
    }
    if (!(await this.hasher.verify(user.passwordHash, request.currentPassword))) {
      throw validationFailed('Current password is incorrect', [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    }
    if (request.newPassword === request.currentPassword) {
      const message = 'New password must be different from the current one';
      throw validationFailed(message, [{ field: 'newPassword', message }]);
    }
    const passwordHash = await this.hasher.hash(request.newPassword);
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(User).update({ id: userId }, { passwordHash, passwordIsPlaceholder: false });
      await this.retireLinks(manager, userId);
      const current = request.refreshToken
        ? await manager.getRepository(RefreshToken).findOneBy({ tokenHash: sha256(request.refreshToken), userId })
        : null;
      return { endedSessions: await endUserSessions(manager, userId, current?.familyId) };
    });
  }

  private async issue(manager: EntityManager, userId: number, purpose: PasswordTokenPurpose): Promise<string> {
    await this.retireLinks(manager, userId);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await manager.getRepository(PasswordToken).insert({
      userId,
      tokenHash: sha256(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MS[purpose]),
      usedAt: null,
    });
    return token;
  }

  /** Only the newest link works, and none after the password changed. */
  private async retireLinks(manager: EntityManager, userId: number): Promise<void> {
    await manager.getRepository(PasswordToken).update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
  }
}
