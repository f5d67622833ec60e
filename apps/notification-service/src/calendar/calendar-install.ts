import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ServiceSettingEntity } from '../push/service-setting.entity.js';

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

  private async load(): Promise<string> {
    const repo = this.dataSource.getRepository(ServiceSettingEntity);
    // Of replicas racing here the first insert wins and every one reads it.
    await repo.createQueryBuilder().insert().values({ name: SETTING, value: randomUUID() }).orIgnore().execute();
    return (await repo.findOneByOrFail({ name: SETTING })).value;
  }
}
