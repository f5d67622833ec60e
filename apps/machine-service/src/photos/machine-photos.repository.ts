import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { Tx } from '../common/transactions.js';
import { MachinePhotoEntity, type PhotoKind } from './machine-photo.entity.js';

/** The columns of a new photo (the id comes from the database). */
export type NewMachinePhoto = Omit<MachinePhotoEntity, 'id'>;

/** SQL of the `machine_photos` table (OwnedImages writes their state and announces them). */
@Injectable()
export class MachinePhotosRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(tx?: Tx) {
    return (tx ?? this.dataSource.manager).getRepository(MachinePhotoEntity);
  }

  /** The account's photo; null also when it is another account's. */
  owned(accountId: number, id: number, tx?: Tx): Promise<MachinePhotoEntity | null> {
    return this.table(tx).findOneBy({ id, accountId });
  }

  /** A machine's gallery, first added first. */
  gallery(accountId: number, machineId: number): Promise<MachinePhotoEntity[]> {
    return this.table().find({ where: { machineId, accountId, kind: 'gallery' }, order: { id: 'ASC' } });
  }

  countOfKind(tx: Tx, accountId: number, machineId: number, kind: PhotoKind): Promise<number> {
    return this.table(tx).countBy({ machineId, accountId, kind });
  }

  /** The listed gallery photos of the account's machine (ids that are not there are left out). */
  galleryByIds(tx: Tx, accountId: number, machineId: number, ids: number[]): Promise<MachinePhotoEntity[]> {
    return this.table(tx).find({ where: { id: In(ids), machineId, accountId, kind: 'gallery' } });
  }

  /** Inserts a photo and answers it with its id. */
  add(tx: Tx, photo: NewMachinePhoto): Promise<MachinePhotoEntity> {
    return this.table(tx).save(photo as MachinePhotoEntity);
  }
}
