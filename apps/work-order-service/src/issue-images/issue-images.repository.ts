import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IssueEntity } from '../issues/issue.entity.js';
import { IssueImageEntity } from './issue-image.entity.js';

/** The columns of a new image (the id comes from the database). */
export type NewIssueImageRow = Omit<IssueImageEntity, 'id'>;

/** What removing an image needs of it, and whose it is. */
export type IssueImageKeysRow = Pick<IssueImageEntity, 'id' | 'originalKey' | 'thumbnailKey' | 'createdBy'>;

/** SQL of the `issue_images` table (OwnedImages writes their state and announces them). */
@Injectable()
export class IssueImagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private table(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(IssueImageEntity);
  }

  /**
   * The account's issue that images are added to or read from; null also when it is another account's.
   * (Only what the rules need: the images folder reads the issues' table, never writes it.)
   */
  issueOf(accountId: number, issueId: number, manager?: EntityManager): Promise<Pick<IssueEntity, 'id' | 'machineId' | 'status'> | null> {
    return (manager ?? this.dataSource.manager)
      .getRepository(IssueEntity)
      .findOne({ where: { id: issueId, accountId }, select: { id: true, machineId: true, status: true } });
  }

  /** The images of the account's issues, first added first (an issue holds at most ISSUE_IMAGE_LIMIT). */
  ofIssues(accountId: number, issueIds: number[]): Promise<IssueImageEntity[]> {
    if (issueIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.table().find({ where: { accountId, issueId: In(issueIds) }, order: { id: 'ASC' } });
  }

  countOfIssue(manager: EntityManager, accountId: number, issueId: number): Promise<number> {
    return this.table(manager).countBy({ accountId, issueId });
  }

  /** The keys of the listed images of one of the account's issues (ids that are not there are left out). */
  keysByIds(manager: EntityManager, accountId: number, issueId: number, ids: number[]): Promise<IssueImageKeysRow[]> {
    return this.table(manager).find({
      where: { accountId, issueId, id: In(ids) },
      select: { id: true, originalKey: true, thumbnailKey: true, createdBy: true },
    });
  }

  /** Inserts an image and answers it with its id. */
  add(manager: EntityManager, image: NewIssueImageRow): Promise<IssueImageEntity> {
    return this.table(manager).save(this.table(manager).create(image));
  }
}
