import { Injectable, Logger } from '@nestjs/common';
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
import { badRequest, notFound, validationFailed } from '@wrenchlog/platform';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionsService } from '../auth/sessions.service.js';
import { hashToken } from '../common/token-hash.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { PasswordTokenPurpose } from './password-token.entity.js';
import { judgePasswordToken, linkBase, PASSWORD_LINK_TTL_MS, RESET_MAIL_INTERVAL_MS } from './password-token.rules.js';
import { PasswordTokensRepository } from './password-tokens.repository.js';

/** The account's own password: set-password links (approval, forgotten password) and the change in Settings. */
@Injectable()
export class PasswordService {
  private readonly logger = new Logger(PasswordService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: PasswordTokensRepository,
    private readonly transactions: Transactions,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailQueue,
    private readonly env: UserEnv,
  ) {}

  /**
   * Emails an approved user a single-use link to set their own password, in the caller's
   * transaction (approval). Older unused links of the user stop working.
   */
  async sendSetupLink(tx: Tx, user: UserEntity, publicUrl: string | undefined, adminSetPassword: boolean): Promise<void> {
    const link = `${linkBase(this.env.PUBLIC_URL, publicUrl)}/set-password?token=${await this.issue(tx, user.id, 'setup')}`;
    await this.mail.enqueue(tx, {
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

  /** A signup named an email that already has an account: its owner hears of it (issue 25), nothing is created. */
  async sendSignupAttempt(tx: Tx, owner: UserEntity, publicUrl: string | undefined): Promise<void> {
    await this.mail.enqueue(tx, {
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

  /** Same answer whatever the email: only an enabled account gets a link, at most one a minute. */
  async forgot({ email, publicUrl }: ForgotPasswordMessage): Promise<ForgotPasswordReply> {
    const user = await this.users.byUsername(email.trim().toLowerCase());
    if (user?.enabled) {
      await this.transactions.run(async (tx) => {
        if (await this.tokens.issuedSince(tx, user.id, 'reset', new Date(Date.now() - RESET_MAIL_INTERVAL_MS))) {
          return;
        }
        const base = linkBase(this.env.PUBLIC_URL, publicUrl);
        await this.mail.enqueue(tx, {
          to: user.username,
          subject: 'Choose a new Wrenchlog password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (we hope you) asked to choose a new password for your Wrenchlog account. Use this link:',
            '',
            `  ${base}/set-password?token=${await this.issue(tx, user.id, 'reset')}`,
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
    const found = await this.tokens.byHash(hashToken(token));
    if (judgePasswordToken(found, new Date()) !== 'valid') {
      throw invalid();
    }
    const passwordHash = await this.hasher.hash(password);
    return this.transactions.run(async (tx) => {
      const claimed = await this.tokens.claim(tx, found!.id, new Date());
      const user = await this.users.byId(found!.userId, tx);
      if (!claimed || !user) {
        throw invalid();
      }
      await this.setPassword(tx, user.id, passwordHash);
      await this.sessions.endSessions(user.id, tx);
      this.logger.log(`user #${user.id} set a password with a ${found!.purpose} link`);
      return { username: user.username };
    });
  }

  /** Settings: the current password is required; every other session of the account ends. */
  async change(actor: Actor, request: ChangePasswordMessage): Promise<ChangePasswordReply> {
    const { userId } = actor;
    const user = await this.users.byId(userId);
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
    return this.transactions.run(async (tx) => {
      await this.setPassword(tx, userId, passwordHash);
      return { endedSessions: await this.sessions.endSessions(userId, tx, request.refreshToken) };
    });
  }

  /** A password the user chose: the account is no longer on a placeholder, and no older link works. */
  private async setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
    await this.users.update(userId, { passwordHash, passwordIsPlaceholder: false }, tx);
    await this.tokens.retireAll(tx, userId, new Date());
  }

  /** Only the newest link works: issuing one retires the others. */
  private async issue(tx: Tx, userId: number, purpose: PasswordTokenPurpose): Promise<string> {
    const now = new Date();
    await this.tokens.retireAll(tx, userId, now);
    const token = randomBytes(32).toString('base64url');
    await this.tokens.add(tx, {
      userId,
      tokenHash: hashToken(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MS[purpose]),
      usedAt: null,
    });
    return token;
  }
}
