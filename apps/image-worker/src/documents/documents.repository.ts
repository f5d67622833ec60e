import { Injectable } from '@nestjs/common';
import type { DocumentParent } from '@wrenchlog/contracts';
import { CompiledWrites } from '@wrenchlog/platform';
import { DataSource, In, Like, MoreThan, type Repository } from 'typeorm';
import { DeletedMachineEntity } from '../ledger/deleted-machine.entity.js';
import { DeletedDocumentParentEntity } from './deleted-parent.entity.js';
import { StoredDocumentEntity } from './stored-document.entity.js';

export type NewDocument = Omit<StoredDocumentEntity, 'id' | 'createdAt'>;

/** SQL of documents and the tombstones of their deleted parents. */
@Injectable()
export class DocumentsRepository {
  private readonly documents: Repository<StoredDocumentEntity>;

  /** An import's fuel records move their documents a batch at a time: one prepared UPDATE each. */
  private readonly writes: CompiledWrites<StoredDocumentEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.documents = dataSource.getRepository(StoredDocumentEntity);
    this.writes = new CompiledWrites(this.documents);
  }

  byKey(accountId: number, objectKey: string): Promise<StoredDocumentEntity | null> {
    return this.documents.findOneBy({ accountId, objectKey });
  }

  byId(accountId: number, id: number): Promise<StoredDocumentEntity | null> {
    return this.documents.findOneBy({ accountId, id });
  }

  ofParent(accountId: number, parent: DocumentParent): Promise<StoredDocumentEntity[]> {
    return this.documents.find({ where: { accountId, parentKind: parent.kind, parentId: parent.id }, order: { id: 'ASC' } });
  }

  /** One page of the account's documents by id ("Download all my data"). */
  pageOf(accountId: number, afterId: number, limit: number): Promise<StoredDocumentEntity[]> {
    return this.documents.find({ where: { accountId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  countOfParent(accountId: number, parent: DocumentParent): Promise<number> {
    return this.documents.countBy({ accountId, parentKind: parent.kind, parentId: parent.id });
  }

  countOfMachine(accountId: number, machineId: number): Promise<number> {
    return this.documents.countBy({ accountId, machineId });
  }

  /** Inserts unless the object key is already recorded (a retried upload). */
  async insertOnce(row: NewDocument): Promise<void> {
    await this.documents
      .createQueryBuilder()
      .insert()
      .into(StoredDocumentEntity)
      .values({ ...row, createdAt: new Date() })
      .orIgnore()
      .execute();
  }

  /** Deletes one document; answers whether this call removed it. */
  async deleteOne(accountId: number, id: number): Promise<boolean> {
    const result = await this.documents.delete({ accountId, id });
    return (result.affected ?? 0) > 0;
  }

  /** Deletes the listed rows; answers their object keys. */
  private async deleteRows(rows: StoredDocumentEntity[]): Promise<string[]> {
    if (rows.length > 0) {
      await this.documents.delete({ id: In(rows.map((r) => r.id)) });
    }
    return rows.map((r) => r.objectKey);
  }

  /** Remembers a deleted parent and deletes its documents; answers their object keys. */
  async removeParent(accountId: number, parent: DocumentParent): Promise<string[]> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(DeletedDocumentParentEntity)
      .values({ accountId, parentKind: parent.kind, parentId: parent.id, deletedAt: new Date() })
      .orIgnore()
      .execute();
    return this.deleteRows(await this.ofParent(accountId, parent));
  }

  /** Deletes every document of a machine and of its records (the machine's tombstone is the ledger's). */
  /** At most `limit` of the account's documents whose key starts with `prefix` (a restore's), deleted; answers their keys. */
  async removeUnderPrefix(accountId: number, prefix: string, limit: number): Promise<string[]> {
    return this.deleteRows(await this.documents.find({ where: { accountId, objectKey: Like(`${prefix}%`) }, order: { id: 'ASC' }, take: limit }));
  }

  async removeMachine(accountId: number, machineId: number): Promise<string[]> {
    return this.deleteRows(await this.documents.find({ where: { accountId, machineId } }));
  }

  /** The parent moved to another machine (or to none): its documents follow it. */
  async setMachine(accountId: number, parent: DocumentParent, machineId: number | null): Promise<void> {
    await this.documents.update({ accountId, parentKind: parent.kind, parentId: parent.id }, { machineId });
  }

  /** setMachine for each, in order, in one transaction. */
  async setMachines(moves: { accountId: number; parent: DocumentParent; machineId: number | null }[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const { accountId, parent, machineId } of moves) {
        await this.writes.update(manager, { accountId, parentKind: parent.kind, parentId: parent.id }, { machineId });
      }
    });
  }

  /** Whether the parent, or the machine it belongs to, was deleted. */
  async parentGone(accountId: number, parent: DocumentParent, machineId: number | null): Promise<boolean> {
    const machine = parent.kind === 'machine' ? parent.id : machineId;
    if (machine !== null && (await this.dataSource.getRepository(DeletedMachineEntity).existsBy({ accountId, machineId: machine }))) {
      return true;
    }
    return this.dataSource.getRepository(DeletedDocumentParentEntity).existsBy({ accountId, parentKind: parent.kind, parentId: parent.id });
  }

  async stats(accountId: number): Promise<{ count: number; bytes: number }> {
    const row = await this.documents
      .createQueryBuilder('d')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(d.size), 0)', 'bytes')
      .where('d.account_id = :accountId', { accountId })
      .getRawOne<{ count: string | number; bytes: string | number }>();
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }
}
