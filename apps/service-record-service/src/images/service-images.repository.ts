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
   * The user's record that images are added to or read from; null also when it is another user's.
   * (Only the record's id and machine: the images folder reads the records' table, never writes it.)
   */
  recordOf(userId: number, recordId: number, tx?: Tx): Promise<Pick<ServiceRecordEntity, 'id' | 'machineId'> | null> {
    return (tx ?? this.dataSource.manager)
      .getRepository(ServiceRecordEntity)
      .findOne({ where: { id: recordId, userId }, select: { id: true, machineId: true } });
  }

  /** A record's images, first added first: at most `limit`. */
  ofRecord(userId: number, recordId: number, limit: number): Promise<ServiceImageEntity[]> {
    return this.table().find({ where: { userId, recordId }, order: { id: 'ASC' }, take: limit });
  }

  countOfRecord(userId: number, recordId: number): Promise<number> {
    return this.table().countBy({ userId, recordId });
  }

  countOfMachine(userId: number, machineId: number): Promise<number> {
    return this.table().countBy({ userId, machineId });
  }

  /** The images of the user's records, by id (the data export lists them with their record). */
  ofRecords(userId: number, recordIds: number[]): Promise<ServiceImageEntity[]> {
    if (recordIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.table().find({ where: { userId, recordId: In(recordIds) }, order: { id: 'ASC' } });
  }

  /** The keys of every image of the user's records. */
  keysOfRecords(tx: Tx, userId: number, recordIds: number[]): Promise<ImageKeys[]> {
    if (recordIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.table(tx).find({ where: { userId, recordId: In(recordIds) }, select: { id: true, originalKey: true, thumbnailKey: true } });
  }

  /** The keys of the listed images of one of the user's records (ids that are not there are left out). */
  keysByIds(tx: Tx, userId: number, recordId: number, ids: number[]): Promise<ImageKeys[]> {
    return this.table(tx).find({ where: { userId, recordId, id: In(ids) }, select: { id: true, originalKey: true, thumbnailKey: true } });
  }

  /** Inserts an image and answers it with its id. */
  add(tx: Tx, image: NewImageRow): Promise<ServiceImageEntity> {
    return this.table(tx).save(this.table(tx).create(image));
  }
}
