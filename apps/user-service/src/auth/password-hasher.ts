import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (~30 ms a hash on this hardware).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  // A fixed hash to verify against when the user does not exist, so a wrong username costs the
  // same time as a wrong password and does not reveal which accounts exist.
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await (this.dummy ??= this.hash('not-a-real-password')));
    try {
      return (await argon2.verify(target, password)) && hash != null;
    } catch {
      return false;
    }
  }
}
