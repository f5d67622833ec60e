import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { ServiceRecordEntity } from '../records/service-record.entity.js';
import { ServiceImageEntity } from './service-image.entity.js';

/** The columns of a new image (the id comes from the database). */
export type NewImageRow = Omit<ServiceImageEntity, 'id'>;

/** What removing an image needs of it. */
export type ImageKeys = Pick<ServiceImageEntity, 'id' | 'originalKey' | 'thumbnailKey'>;

/** SQL of the `service_images` table (OwnedImages writes their state and announces them). */
@Injectable()
export class ServiceImagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(ServiceImageEntity);
  }

  /**
   * The account's record that images are added to or read from; null also when it is another account's.
   * (Only the record's id and machine: the images folder reads the records' table, never writes it.)
   */
  recordOf(accountId: number, recordId: number, tx?: Tx): Promise<Pick<ServiceRecordEntity, 'id' | 'machineId'> | null> {
    return (tx ?? this.dataSource.manager)
      .getRepository(ServiceRecordEntity)
      .findOne({ where: { id: recordId, accountId }, select: { id: true, machineId: true } });
  }

  /** A record's images, first added first: at most `limit`. */
  ofRecord(accountId: number, recordId: number, limit: number): Promise<ServiceImageEntity[]> {
    return this.table().find({ where: { accountId, recordId }, order: { id: 'ASC' }, take: limit });
  }

  countOfRecord(accountId: number, recordId: number): Promise<number> {
    return this.table().countBy({ accountId, recordId });
  }

  countOfMachine(accountId: number, machineId: number): Promise<number> {
    return this.table().countBy({ accountId, machineId });
  }

  /** The images of the account's records, by id (the data export lists them with their record). */
  ofRecords(accountId: number, recordIds: number[]): Promise<ServiceImageEntity[]> {
    if (recordIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.table().find({ where: { accountId, recordId: In(recordIds) }, order: { id: 'ASC' } });
  }

  /** The keys of the listed images of one of the account's records (ids that are not there are left out). */
  keysByIds(tx: Tx, accountId: number, recordId: number, ids: number[]): Promise<ImageKeys[]> {
    return this.table(tx).find({ where: { accountId, recordId, id: In(ids) }, select: { id: true, originalKey: true, thumbnailKey: true } });
  }

  /** Inserts an image and answers it with its id. */
  add(tx: Tx, image: NewImageRow): Promise<ServiceImageEntity> {
    return this.table(tx).save(this.table(tx).create(image));
  }
}
