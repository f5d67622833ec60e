import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { settingMadeOnce } from '../push/service-settings.js';

const SETTING = 'calendar-install-id';

/**
 * This install's id in calendar event UIDs: a random UUID generated on the first feed and stored in
 * this service's database, so it stays the same across restarts and replicas, and two installs in
 * one calendar app never share a UID.
 */
@Injectable()
export class CalendarInstall {
  private id: Promise<string> | undefined;

  constructor(private readonly dataSource: DataSource) {}

  installId(): Promise<string> {
    this.id ??= this.load().catch((err: unknown) => {
      this.id = undefined;
      throw err;
    });
    return this.id;
  }

  private load(): Promise<string> {
    return settingMadeOnce(this.dataSource, SETTING, randomUUID);
  }
}
