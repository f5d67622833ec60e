import type { AccountRole } from '@wrenchlog/contracts';
import { randomBytes } from 'node:crypto';
import { expectEventually, type ApiClient } from './api-client.js';
import { e2eDataDir, readOutbox } from './mail.js';
import type { ProductMode } from './product.js';
import { uniqueEmail } from './users.js';

/** A person who joined an account by its invitation, signed in there. */
export interface JoinedMember {
  id: number;
  username: string;
  password: string;
  name: string;
  role: AccountRole;
  /** An access token acting in the account they joined. */
  token: string;
}

/** Where a product writes its emails: the DATA_DIR of the e2e suite's product of this mode, or a given folder. */
export type MailFrom = ProductMode | { dataDir: string };

const dataDirOf = (from: MailFrom) => (typeof from === 'string' ? e2eDataDir(from) : from.dataDir);

const newestInvitationToken = (from: MailFrom, email: string): string | null => {
  const mail = readOutbox(dataDirOf(from))
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && /invitations\//.test(m.text))
    .at(-1);
  return mail?.text.match(/invitations\/([A-Za-z0-9_-]{16,})/)?.[1] ?? null;
};

/** The invitation link's token in the newest invitation email to `email` (the product's outbox folder); with `besides`, a newer one than that. */
export async function invitationTokenFor(from: MailFrom, email: string, besides: string | null = null): Promise<string> {
  let token = '';
  await expectEventually(() => {
    const found = newestInvitationToken(from, email);
    if (!found || found === besides) {
      throw new Error(`no ${besides ? 'new ' : ''}invitation email to ${email} yet`);
    }
    token = found;
  });
  return token;
}

/**
 * A new person in the owner's current account with this role: the owner (or a manager) invites an
 * address, the person accepts from the link with a name and password, as a user would, and is
 * signed in there at once.
 */
export async function joinAccount(
  api: ApiClient,
  mail: MailFrom,
  inviterToken: string,
  role: AccountRole,
  options: { machineIds?: number[] | null; name?: string } = {},
): Promise<JoinedMember> {
  const me = await api.get('/api/user/me', inviterToken);
  const accountId = me.body.accountId as number;
  const username = uniqueEmail(role);
  const invite = await api.post(
    `/api/accounts/${accountId}/invitations`,
    { email: username, role, ...(options.machineIds !== undefined ? { machineIds: options.machineIds } : {}) },
    inviterToken,
  );
  if (invite.status !== 201) {
    throw new Error(`inviting ${username} as ${role} failed: ${invite.status} ${invite.text}`);
  }
  const name = options.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${randomBytes(2).toString('hex')}`;
  const password = `Pw${randomBytes(9).toString('base64url')}1`;
  const accepted = await api.post(`/api/invitations/${await invitationTokenFor(mail, username)}/accept`, { name, password });
  if (accepted.status !== 200 && accepted.status !== 201) {
    throw new Error(`accepting the invitation of ${username} failed: ${accepted.status} ${accepted.text}`);
  }
  const token = accepted.body.accessToken as string;
  const joined = await api.get('/api/user/me', token);
  if (joined.body.accountId !== accountId || joined.body.role !== role) {
    throw new Error(`${username} joined ${JSON.stringify(joined.body)}, not account ${accountId} as ${role}`);
  }
  return { id: joined.body.id as number, username, password, name, role, token };
}

/**
 * A person who has a login joins the inviter's current account too, with this role: invited by
 * address, they accept from the link signed in, as a user would (their token keeps its account).
 */
export async function addToAccount(
  api: ApiClient,
  mail: MailFrom,
  inviterToken: string,
  person: { username: string; token: string },
  role: AccountRole,
  options: { machineIds?: number[] | null } = {},
): Promise<number> {
  const accountId = (await api.get('/api/user/me', inviterToken)).body.accountId as number;
  // An earlier invitation's email (the one they joined by) is not this one's.
  const earlier = newestInvitationToken(mail, person.username);
  const invite = await api.post(
    `/api/accounts/${accountId}/invitations`,
    { email: person.username, role, ...(options.machineIds !== undefined ? { machineIds: options.machineIds } : {}) },
    inviterToken,
  );
  if (invite.status !== 201) {
    throw new Error(`inviting ${person.username} as ${role} failed: ${invite.status} ${invite.text}`);
  }
  const accepted = await api.post(`/api/invitations/${await invitationTokenFor(mail, person.username, earlier)}/accept`, {}, person.token);
  if (accepted.status !== 200) {
    throw new Error(`${person.username} accepting the invitation failed: ${accepted.status} ${accepted.text}`);
  }
  return accountId;
}
