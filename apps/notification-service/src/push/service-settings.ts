import type { DataSource } from 'typeorm';
import { ServiceSettingEntity } from './service-setting.entity.js';

/**
 * A value this service makes once and keeps (the VAPID keys, the calendar's install id): the stored
 * one, or `made()` stored first. Of replicas racing here the first insert wins and every one reads it.
 */
export async function settingMadeOnce(dataSource: DataSource, name: string, made: () => string): Promise<string> {
  const repo = dataSource.getRepository(ServiceSettingEntity);
  await repo.createQueryBuilder().insert().values({ name, value: made() }).orIgnore().execute();
  return (await repo.findOneByOrFail({ name })).value;
}
