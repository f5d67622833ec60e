import { Injectable } from '@nestjs/common';
import { isDistributed } from '@wrenchlog/platform';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { NotificationEnv } from '../config/notification-env.js';
import { settingMadeOnce } from './service-settings.js';

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys that sign every push: from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY),
 * or generated once: into DATA_DIR/vapid.json in the embedded mode, like the gateway's secrets, and
 * into this service's database when distributed, so every replica signs with the same keys.
 */
@Injectable()
export class VapidKeys {
  private keys?: Promise<Vapid>;

  constructor(
    private readonly env: NotificationEnv,
    private readonly dataSource: DataSource,
  ) {}

  get(): Promise<Vapid> {
    this.keys ??= this.resolve().catch((err: unknown) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  private async resolve(): Promise<Vapid> {
    const subject = this.env.VAPID_SUBJECT;
    if (this.env.VAPID_PUBLIC_KEY && this.env.VAPID_PRIVATE_KEY) {
      return { subject, publicKey: this.env.VAPID_PUBLIC_KEY, privateKey: this.env.VAPID_PRIVATE_KEY };
    }
    if (!isDistributed(this.env)) {
      const file = join(resolve(this.env.DATA_DIR), 'vapid.json');
      if (!existsSync(file)) {
        mkdirSync(resolve(this.env.DATA_DIR), { recursive: true });
        try {
          writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
        } catch (err) {
          // Another process wrote it first: read theirs.
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
            throw err;
          }
        }
      }
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      return { subject, ...stored };
    }
    const stored = await settingMadeOnce(this.dataSource, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
    return { subject, ...(JSON.parse(stored) as { publicKey: string; privateKey: string }) };
  }
}
