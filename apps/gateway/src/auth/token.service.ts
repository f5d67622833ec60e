import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Actor, LoginResponse, SessionGrant } from '@wrenchlog/contracts';
import { GatewayEnv } from '../config/gateway-env.js';

interface AccessClaims {
  sub: string;
  adm: number;
}

/** Signs and verifies the short-lived access tokens (HS256). */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly env: GatewayEnv,
  ) {}

  async issue(grant: SessionGrant): Promise<LoginResponse> {
    const claims: AccessClaims = { sub: String(grant.user.id), adm: grant.user.adminLevel };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS });
    return { accessToken, expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS * 1000, type: 'Bearer' };
  }

  /** The caller a token proves, or undefined for a missing, expired, tampered or malformed token. */
  async verify(token: string): Promise<Actor | undefined> {
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'] });
      const userId = Number(claims.sub);
      if (!Number.isInteger(userId) || userId <= 0) {
        return undefined;
      }
      return { userId, adminLevel: Number(claims.adm) || 0 };
    } catch {
      return undefined;
    }
  }
}
