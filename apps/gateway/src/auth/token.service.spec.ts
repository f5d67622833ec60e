import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { GatewayEnv } from '../config/gateway-env.js';
import { TokenService } from './token.service.js';

const jwtWith = (secret: string) => new JwtService({ secret: createSecretKey(Buffer.from(secret)), signOptions: { algorithm: 'HS256' } });
const env = Object.assign(new GatewayEnv(), { ACCESS_TOKEN_TTL_SECONDS: 60 });
const user = (id: number, adminLevel = 0, sessionVersion = 0) =>
  ({ user: { id, adminLevel, sessionVersion }, membership: { accountId: 40 + id, role: 'mechanic' } }) as never;

describe(TokenService.name, () => {
  const secret = 'a-test-secret-of-at-least-32-characters';
  let tokens: TokenService;

  beforeEach(() => {
    tokens = new TokenService(jwtWith(secret), env);
  });

  it('answers the caller a token proves, the first time and every time after', async () => {
    const { accessToken } = await tokens.issue(user(7, 1));

    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 1, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });
    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 1, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });
  });

  it('refuses a token from its expiry on, also once it has been verified before', async () => {
    const { accessToken } = await tokens.issue(user(7));
    const { iat, exp } = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { iat: number; exp: number };
    expect(exp - iat).toBe(60);
    expect(await tokens.verify(accessToken, iat * 1000)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });

    const expiry = exp * 1000;
    expect(await tokens.verify(accessToken, expiry - 1)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });
    expect(await tokens.verify(accessToken, expiry)).toBeUndefined();
    expect(await tokens.verify(accessToken, expiry + 1)).toBeUndefined();
    expect(await new TokenService(jwtWith(secret), env).verify(accessToken, expiry)).toBeUndefined();
  });

  it('refuses a correctly signed token that has no expiry', async () => {
    const forever = await jwtWith(secret).signAsync({ sub: '7', adm: 1 });

    expect(await tokens.verify(forever)).toBeUndefined();
  });

  it('refuses a tampered token, a token signed with another key and a malformed one', async () => {
    const { accessToken } = await tokens.issue(user(7));
    const [header, , signature] = accessToken.split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: '8', adm: 1, exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    const { accessToken: foreign } = await new TokenService(jwtWith('another-secret-of-at-least-32-characters'), env).issue(user(7));

    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });
    expect(await tokens.verify(`${header}.${forgedClaims}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(foreign)).toBeUndefined();
    expect(await tokens.verify('not-a-token')).toBeUndefined();
  });

  it('hands out a copy: a caller changing its actor changes nothing for the next request', async () => {
    const { accessToken } = await tokens.issue(user(7));
    const first = await tokens.verify(accessToken);
    first!.actor.adminLevel = 5;

    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 0 });
  });

  it('carries the session version it was issued with, and reads a token without one as version 0', async () => {
    const { accessToken } = await tokens.issue(user(7, 0, 4));
    const legacy = await jwtWith(secret).signAsync({ sub: '7', adm: 0 }, { expiresIn: 60 });

    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 4 });
    expect(await tokens.verify(accessToken)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 47, role: 'mechanic' }, sessionVersion: 4 });
    expect(await tokens.verify(legacy)).toEqual({ actor: { userId: 7, adminLevel: 0, accountId: 7, role: 'owner' }, sessionVersion: 0 });
  });

  it("carries the account and role it was issued for; a token from before accounts acts as owner of the user's own account; half or bad claims are refused", async () => {
    const sign = (claims: object) => jwtWith(secret).signAsync({ sub: '7', adm: 0, ...claims }, { expiresIn: 60 });

    expect((await tokens.verify(await sign({ acc: 12, rol: 'operator' })))?.actor).toEqual({ userId: 7, adminLevel: 0, accountId: 12, role: 'operator' });
    expect((await tokens.verify(await sign({})))?.actor).toEqual({ userId: 7, adminLevel: 0, accountId: 7, role: 'owner' });
    expect(await tokens.verify(await sign({ acc: 12, rol: 'emperor' }))).toBeUndefined();
    expect(await tokens.verify(await sign({ acc: -1, rol: 'owner' }))).toBeUndefined();
    expect(await tokens.verify(await sign({ rol: 'owner' }))).toBeUndefined();
    expect(await tokens.verify(await sign({ acc: 12 }))).toBeUndefined();
  });
});
