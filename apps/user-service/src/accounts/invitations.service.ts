import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_NOT_FOUND,
  ErrorCode,
  INVITATION_LINK_INVALID,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_DAYS,
  type AccountIdMessage,
  type Actor,
  type InvitationIdMessage,
  type InvitationPreview,
  type InvitationTokenMessage,
  type InvitationView,
  type InviteMessage,
  type JoinedAccount,
  type JoinMessage,
  type MyInvitation,
  type MyInvitationMessage,
  type SessionGrant,
} from '@wrenchlog/contracts';
import { badRequest, DomainError, notFound, validationFailed } from '@wrenchlog/platform';
import { randomBytes } from 'node:crypto';
import { AuthService } from '../auth/auth.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { hashToken } from '../common/token-hash.js';
import { Transactions, type Tx } from '../common/transactions.js';
import { UserEnv } from '../config/user-env.js';
import { MailQueue } from '../mail/mail-queue.js';
import { linkBase } from '../password/password-token.rules.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountMachines } from './account-machines.js';
import { assignmentFor, requireMayManage, requireRight } from './account.rules.js';
import { AccountsRepository } from './accounts.repository.js';
import type { InvitationEntity } from './invitation.entity.js';
import { InvitationsRepository } from './invitations.repository.js';
import { MemberEvents } from './member-events.js';
import { MembershipsRepository } from './memberships.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const invalidLink = () => badRequest(INVITATION_LINK_INVALID, [{ field: 'token', message: INVITATION_LINK_INVALID }]);

/** The invitation of a link, when it still works at `at`: else 400 (unknown, expired and spent links alike). */
export function openInvitation(invitation: InvitationEntity | null, at: Date): InvitationEntity {
  if (!invitation || invitation.usedAt || invitation.expiresAt <= at) {
    throw invalidLink();
  }
  return invitation;
}

/**
 * Invitations (issue 32): an owner or manager invites an email with a role; the link (7 days, once)
 * is accepted by the person signed in with that address, or by a new person who sets a name and a
 * password and is in at once (the invitation stands in for the administrator's approval).
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly machines: AccountMachines,
    private readonly events: MemberEvents,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailQueue,
    private readonly transactions: Transactions,
    private readonly env: UserEnv,
  ) {}

  async create(actor: Actor, request: InviteMessage): Promise<InvitationView> {
    const { accountId, role } = request;
    const email = request.email.trim().toLowerCase();
    requireMayManage(requireRight(await this.memberships.one(accountId, actor.userId), 'members.manage'), null, role);
    const machineIds = assignmentFor(role, request.machineIds);
    await this.machines.requireOwn(accountId, machineIds);
    return this.transactions.run(async (tx) => {
      await this.accounts.lock(tx, accountId);
      requireMayManage(requireRight(await this.memberships.one(accountId, actor.userId, tx), 'members.manage'), null, role);
      const [account, inviter, invitee] = await Promise.all([
        this.accounts.byId(accountId, tx),
        this.users.byId(actor.userId, tx),
        this.users.byUsername(email, tx),
      ]);
      if (!account || !inviter) {
        throw notFound(ACCOUNT_NOT_FOUND);
      }
      if (inviter.username === email) {
        throw emailError('You cannot invite yourself: you are already a member of this account');
      }
      if (invitee && (await this.memberships.one(accountId, invitee.id, tx))) {
        throw emailError(`${email} is already a member of this account`);
      }
      // A new invitation of the same address replaces the open one ("resend"): only the newest link works.
      await this.invitations.removeOpen(tx, accountId, email);
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const invitation = await this.invitations.add(tx, {
        accountId,
        email,
        role,
        machineIds,
        tokenHash: hashToken(token),
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        usedAt: null,
      });
      const link = `${linkBase(this.env.PUBLIC_URL, request.publicUrl)}/invitations/${token}`;
      await this.mail.enqueue(tx, {
        to: email,
        subject: `${inviter.name} invited you to ${account.name} on Wrenchlog`,
        text: [
          'Hello,',
          '',
          `${inviter.name} invited you to join ${account.name} on Wrenchlog as ${role === 'owner' ? 'an owner' : `a ${role}`}. Accept with this link:`,
          '',
          `  ${link}`,
          '',
          `The link works once and expires after ${INVITATION_TTL_DAYS} days. If you already use Wrenchlog, sign in as ${email} first;`,
          'if not, the link lets you choose your name and password.',
          'If you did not expect this, ignore this email.',
          '',
          'The Wrenchlog team',
        ].join('\n'),
        replyTo: inviter.username,
      });
      return toInvitationView(invitation, { id: inviter.id, name: inviter.name });
    });
  }

  async list(actor: Actor, { accountId }: AccountIdMessage): Promise<InvitationView[]> {
    requireRight(await this.memberships.one(accountId, actor.userId), 'members.manage');
    const open = await this.invitations.open(accountId, new Date());
    const inviters = new Map((await this.memberships.members(accountId)).map((m) => [m.userId, { id: m.userId, name: m.name }]));
    return open.map((i) => toInvitationView(i, (i.invitedBy !== null && inviters.get(i.invitedBy)) || null));
  }

  async cancel(actor: Actor, { accountId, invitationId }: InvitationIdMessage): Promise<{ deleted: boolean }> {
    return this.transactions.run(async (tx) => {
      requireRight(await this.memberships.one(accountId, actor.userId, tx), 'members.manage');
      if (!(await this.invitations.remove(tx, accountId, invitationId))) {
        throw notFound(INVITATION_NOT_FOUND);
      }
      return { deleted: true };
    });
  }

  /** Public: what the link invites to, for its page. */
  async preview({ token }: InvitationTokenMessage): Promise<InvitationPreview> {
    const invitation = openInvitation(await this.invitations.byHash(hashToken(token)), new Date());
    const [account, inviter] = await Promise.all([
      this.accounts.byId(invitation.accountId),
      invitation.invitedBy === null ? null : this.users.byId(invitation.invitedBy),
    ]);
    if (!account) {
      throw invalidLink();
    }
    return {
      accountName: account.name,
      inviter: inviter?.name ?? null,
      role: invitation.role,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** The signed-in person joins: only with the invited address; the link is spent. */
  async accept(actor: Actor, { token }: InvitationTokenMessage): Promise<JoinedAccount> {
    return this.transactions.run(async (tx) => {
      const invitation = openInvitation(await this.invitations.byHash(hashToken(token), tx), new Date());
      const user = await this.users.byId(actor.userId, tx);
      if (!user || user.username !== invitation.email) {
        const message = `This invitation was sent to ${invitation.email}: sign in with that address to accept it`;
        throw badRequest(message, [{ field: 'token', message }]);
      }
      return this.acceptAs(tx, invitation, user);
    });
  }

  /** The signed-in person's open invitations, for their account switcher (a person has few: a look-up each). */
  async mine(actor: Actor): Promise<MyInvitation[]> {
    const user = await this.users.byId(actor.userId);
    const open = user ? await this.invitations.openFor(user.username, new Date()) : [];
    const views = await Promise.all(
      open.map(async (i) => {
        const [account, inviter] = await Promise.all([this.accounts.byId(i.accountId), i.invitedBy === null ? null : this.users.byId(i.invitedBy)]);
        const view: MyInvitation | null = account
          ? { id: i.id, accountId: i.accountId, accountName: account.name, inviter: inviter?.name ?? null, role: i.role, expiresAt: i.expiresAt.toISOString() }
          : null;
        return view;
      }),
    );
    return views.filter((v): v is MyInvitation => v !== null);
  }

  /** Accepts one of the caller's own open invitations from the switcher: 404 for any other. */
  async acceptMine(actor: Actor, { invitationId }: MyInvitationMessage): Promise<JoinedAccount> {
    return this.transactions.run(async (tx) => {
      const [invitation, user] = await Promise.all([this.invitations.byId(invitationId, tx), this.users.byId(actor.userId, tx)]);
      if (!invitation || !user || invitation.email !== user.username || invitation.usedAt || invitation.expiresAt <= new Date()) {
        throw notFound(INVITATION_NOT_FOUND);
      }
      return this.acceptAs(tx, invitation, user);
    });
  }

  private async acceptAs(tx: Tx, invitation: InvitationEntity, user: { id: number; name: string }): Promise<JoinedAccount> {
    if (await this.memberships.one(invitation.accountId, user.id, tx)) {
      throw new DomainError(ErrorCode.Conflict, 'You are already a member of this account', [
        { field: 'token', message: 'You are already a member of this account' },
      ]);
    }
    const joined = await this.join(tx, invitation, user);
    this.logger.log(`user #${user.id} joined account #${invitation.accountId} as ${invitation.role}`);
    return joined;
  }

  /** A person without a login joins with a name and password, and is signed in to the account at once. */
  async joinAsNewPerson({ token, name, password }: JoinMessage): Promise<SessionGrant> {
    // A cheap look first, so a wrong link costs no hashing; the claim in join() decides.
    const found = openInvitation(await this.invitations.byHash(hashToken(token)), new Date());
    const passwordHash = await this.hasher.hash(password);
    return this.transactions.run(async (tx) => {
      const invitation = openInvitation(await this.invitations.byHash(found.tokenHash, tx), new Date());
      if (await this.users.byUsername(invitation.email, tx)) {
        const message = `${invitation.email} already has a Wrenchlog login: sign in with it to accept the invitation`;
        throw new DomainError(ErrorCode.Conflict, message, [{ field: 'token', message }]);
      }
      const user = await this.users.add(
        {
          username: invitation.email,
          name: name.trim(),
          passwordHash,
          passwordIsPlaceholder: false,
          adminLevel: 0,
          enabled: true,
          userSelfDescription: null,
          createDate: new Date(),
        },
        tx,
      );
      const joined = await this.join(tx, invitation, user);
      this.logger.log(`new user #${user.id} joined account #${invitation.accountId} as ${invitation.role} by invitation`);
      return this.auth.startSession(user, { accountId: joined.accountId, role: joined.role }, tx);
    });
  }

  private async join(tx: Tx, invitation: InvitationEntity, user: { id: number; name: string }): Promise<JoinedAccount> {
    await this.accounts.lock(tx, invitation.accountId);
    const account = await this.accounts.byId(invitation.accountId, tx);
    if (!account || !(await this.invitations.claim(tx, invitation.id, new Date()))) {
      throw invalidLink();
    }
    const member = { accountId: account.id, userId: user.id, role: invitation.role, machineIds: invitation.machineIds, joinedAt: new Date() };
    await this.memberships.add(tx, { ...member, lastActiveAt: null, announcedAt: null });
    await this.events.announce(tx, [{ ...member, name: user.name }]);
    return { accountId: account.id, name: account.name, role: invitation.role };
  }
}

function emailError(message: string): DomainError {
  return validationFailed(message, [{ field: 'email', message }]);
}

function toInvitationView(i: InvitationEntity, invitedBy: InvitationView['invitedBy']): InvitationView {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    machineIds: i.machineIds,
    expiresAt: i.expiresAt.toISOString(),
    invitedBy,
    createdAt: i.createdAt.toISOString(),
  };
}
