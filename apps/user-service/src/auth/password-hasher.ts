import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { HASHING_BUSY, KdfLimiter, SIGN_IN_BUSY } from './kdf-limiter.js';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (~25 ms of one core a hash on this hardware).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Every argon2 call of the service goes through here, and so through the hashing limiter (429 when it is full). */
@Injectable()
export class PasswordHasher {
  // A fixed hash to verify against when the user does not exist, so a wrong username costs the
  // same time as a wrong password and does not reveal which accounts exist.
  private dummy?: Promise<string>;

  constructor(private readonly limiter: KdfLimiter) {}

  /** Throws 429 at once when the hashing limiter is full (before a sign-in's database lookup). */
  refuseSignInIfBusy(): void {
    this.limiter.refuseIfFull(SIGN_IN_BUSY);
  }

  /** A new password's hash (signup, password change, first administrator). */
  hash(password: string): Promise<string> {
    return this.limiter.run(() => argon2.hash(password, OPTIONS), HASHING_BUSY);
  }

  /** Sign-in: whether `password` matches `hash`; an unknown user (no hash) costs the same and never matches. */
  verify(hash: string | null | undefined, password: string): Promise<boolean> {
    return this.limiter.run(async () => {
      // The dummy is made once, inside this slot (a slot never waits for another one).
      const target = hash ?? (await (this.dummy ??= argon2.hash('not-a-real-password', OPTIONS)));
      try {
        return (await argon2.verify(target, password)) && hash != null;
      } catch {
        return false;
      }
    }, SIGN_IN_BUSY);
  }
}
