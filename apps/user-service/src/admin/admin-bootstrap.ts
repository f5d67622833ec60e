import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { isDistributed } from '@wrenchlog/platform';
import { PasswordHasher } from '../auth/password-hasher.js';
import { EMBEDDED_ADMIN, UserEnv } from '../config/user-env.js';
import { NewUsers } from '../users/new-users.js';
import { UsersRepository } from '../users/users.repository.js';

/** Creates the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD when no user exists. */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly users: UsersRepository,
    private readonly newUsers: NewUsers,
    private readonly hasher: PasswordHasher,
    private readonly env: UserEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.count()) > 0) {
      const admins = await this.users.firstEnabled(50);
      const names = admins.filter((u) => u.adminLevel > 0).map((u) => u.username);
      this.logger.log(`administrator account(s): ${names.join(', ') || 'none'}`);
      return;
    }
    const { email, password } = firstAdminCredentials(this.env);
    try {
      await this.newUsers.create({
        username: email.toLowerCase(),
        name: 'Administrator',
        passwordHash: await this.hasher.hash(password),
        passwordIsPlaceholder: false,
        adminLevel: 1,
        enabled: true,
        userSelfDescription: null,
        createDate: new Date(),
      });
      this.logger.log(`created the first administrator: ${email.toLowerCase()}`);
    } catch (err) {
      // Another replica created it at the same moment (unique username).
      if ((await this.users.count()) === 0) {
        throw err;
      }
    }
  }
}

/** The configured first administrator; the embedded defaults only when nothing is shared. */
export function firstAdminCredentials(env: UserEnv): { email: string; password: string } {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
  }
  if (isDistributed(env)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must both be set when DATABASE_URL or AMQP_URL is set (the first administrator of a shared install).');
  }
  return { email: env.ADMIN_EMAIL ?? EMBEDDED_ADMIN.email, password: env.ADMIN_PASSWORD ?? EMBEDDED_ADMIN.password };
}
