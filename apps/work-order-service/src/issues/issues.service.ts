import { Injectable } from '@nestjs/common';
import {
  isValidId,
  pageOf,
  WorkLimits,
  WorkMessages,
  type Actor,
  type CloseIssueRequest,
  type CreateIssueRequest,
  type Issue,
  type IssueDeleted,
  type IssueListQuery,
  type IssuePage,
  type IssueWithImageKeys,
  type ResolveIssueRequest,
  type RpcMeta,
  type UpdateIssueRequest,
} from '@wrenchlog/contracts';
import { conflict, createOnce, MemberDirectory, notFound } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { IssueImagesService } from '../issue-images/issue-images.service.js';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { WorkEvents } from '../events/work-events.js';
import { OutOfServiceAnnouncer } from '../machines/out-of-service.js';
import { issueView } from './issue-view.js';
import type { IssueEntity } from './issue.entity.js';
import { checkClose, checkResolve, listOf } from './issue.rules.js';
import { IssuesRepository } from './issues.repository.js';

/** Issues of the caller's account, on the machines the caller reaches (issue 35). */
@Injectable()
export class IssuesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly issues: IssuesRepository,
    private readonly machines: MachinesRepository,
    private readonly access: MachineAccess,
    private readonly members: MemberDirectory,
    private readonly outOfService: OutOfServiceAnnouncer,
    private readonly events: WorkEvents,
    private readonly images: IssueImagesService,
  ) {}

  /** A retry with the same Idempotency-Key answers the first issue (createOnce; the offline queue resends). */
  async create(actor: Actor, req: CreateIssueRequest, meta?: RpcMeta): Promise<Issue> {
    const machine = await this.reachableMachine(actor, req?.machineId);
    const now = new Date();
    const key = meta?.idempotencyKey ?? null;
    const row = await createOnce(
      () => (key ? this.issues.byKey(actor.accountId, key) : Promise.resolve(null)),
      () =>
        this.dataSource.transaction(async (manager) => {
          const issue = await this.issues.insert(manager, {
            accountId: actor.accountId,
            createdBy: actor.userId,
            updatedBy: null,
            machineId: machine.machineId,
            title: req.issue.title,
            description: req.issue.description?.trim() || null,
            priority: req.issue.priority,
            status: 'open',
            outOfService: req.issue.outOfService === true,
            meterDistance: req.issue.meters?.distance ?? null,
            meterHours: req.issue.meters?.hours ?? null,
            workOrderId: null,
            inspectionId: null,
            resolutionNote: null,
            closeReason: null,
            resolvedAt: null,
            idempotencyKey: key,
            createdAt: now,
            updatedAt: now,
          });
          await this.outOfService.announce(manager, { actor }, actor.accountId, issue.machineId, issue.outOfService);
          await this.events.issueCreated(manager, { actor, correlationId: meta?.correlationId }, issue, machine.name);
          return issue;
        }),
    );
    return this.answer(actor, row);
  }

  /** The machine's issues with their photos (the machine page shows their thumbnails). */
  async byMachine(actor: Actor, machineId: number): Promise<IssueWithImageKeys[]> {
    const machine = await this.reachableMachine(actor, machineId);
    const rows = await this.issues.ofMachine(actor.accountId, machine.machineId);
    return this.withImages(actor, await this.answerMany(actor, rows));
  }

  async list(actor: Actor, q: IssueListQuery): Promise<IssuePage> {
    const page = q?.page ?? 0;
    const size = q?.size ?? WorkLimits.issuePageSize;
    const [rows, total] = await this.issues.page(
      {
        accountId: actor.accountId,
        statuses: listOf(q?.status),
        priorities: listOf(q?.priority),
        machineId: q?.machineId,
        machineIds: await this.access.scope(actor),
      },
      page,
      size,
    );
    return pageOf(await this.answerMany(actor, rows), total, page, size);
  }

  async get(actor: Actor, id: number): Promise<IssueWithImageKeys> {
    return (await this.withImages(actor, [await this.one(actor, id)]))[0];
  }

  /** The issue without its photos (an inspection answers the issues it opened: none have photos yet). */
  async one(actor: Actor, id: number): Promise<Issue> {
    return this.answer(actor, await this.reachable(actor, id));
  }

  async update(actor: Actor, req: UpdateIssueRequest): Promise<Issue> {
    const row = await this.dataSource.transaction(async (manager) => {
      const issue = await this.reachable(actor, req?.id, manager);
      const fields: Partial<IssueEntity> = {
        title: req.issue.title,
        description: req.issue.description?.trim() || null,
        priority: req.issue.priority,
        outOfService: req.issue.outOfService ?? issue.outOfService,
        // Meters left out of a change stay as reported.
        ...(req.issue.meters !== undefined ? { meterDistance: req.issue.meters?.distance ?? null, meterHours: req.issue.meters?.hours ?? null } : {}),
        updatedBy: actor.userId,
        updatedAt: new Date(),
      };
      await this.issues.update(manager, issue.id, fields);
      await this.outOfService.announce(manager, { actor }, actor.accountId, issue.machineId, fields.outOfService !== issue.outOfService);
      return { ...issue, ...fields };
    });
    return this.answer(actor, row);
  }

  /** Its photos go with it, in the same transaction (the worker deletes their objects). */
  async delete(actor: Actor, id: number, meta?: RpcMeta): Promise<IssueDeleted> {
    await this.dataSource.transaction(async (manager) => {
      const issue = await this.reachable(actor, id, manager);
      if (issue.status === 'in_progress' && issue.workOrderId !== null) {
        throw conflict(WorkMessages.issueOnOrder);
      }
      await this.images.removeOfIssue(manager, actor, issue.id, meta);
      await this.issues.delete(manager, issue.id);
      await this.outOfService.announce(manager, { actor }, actor.accountId, issue.machineId, issue.outOfService);
    });
    return { id };
  }

  async resolve(actor: Actor, req: ResolveIssueRequest, meta?: RpcMeta): Promise<Issue> {
    const row = await this.dataSource.transaction(async (manager) => {
      const issue = await this.reachable(actor, req?.id, manager);
      checkResolve(issue);
      const now = new Date();
      const fields: Partial<IssueEntity> = {
        status: 'resolved',
        resolutionNote: req.note?.trim() || null,
        resolvedAt: now,
        updatedBy: actor.userId,
        updatedAt: now,
      };
      await this.issues.update(manager, issue.id, fields);
      await this.outOfService.announce(manager, { actor }, actor.accountId, issue.machineId, issue.outOfService);
      const resolved = { ...issue, ...fields };
      await this.events.issuesResolved(manager, { actor, correlationId: meta?.correlationId }, [resolved], actor.userId);
      return resolved;
    });
    return this.answer(actor, row);
  }

  async close(actor: Actor, req: CloseIssueRequest): Promise<Issue> {
    const row = await this.dataSource.transaction(async (manager) => {
      const issue = await this.reachable(actor, req?.id, manager);
      checkClose(issue);
      const fields: Partial<IssueEntity> = { status: 'closed', closeReason: req.reason, updatedBy: actor.userId, updatedAt: new Date() };
      await this.issues.update(manager, issue.id, fields);
      await this.outOfService.announce(manager, { actor }, actor.accountId, issue.machineId, issue.outOfService);
      return { ...issue, ...fields };
    });
    return this.answer(actor, row);
  }

  private async reachableMachine(actor: Actor, machineId: number | undefined) {
    const machine = isValidId(machineId) ? await this.machines.owned(actor.accountId, machineId) : null;
    if (!machine || !reaches(await this.access.scope(actor), machine.machineId)) {
      throw notFound(WorkMessages.machineNotFound);
    }
    return machine;
  }

  private async reachable(actor: Actor, id: number | undefined, manager = this.dataSource.manager): Promise<IssueEntity> {
    const issue = isValidId(id) ? await this.issues.one(actor.accountId, id, manager) : null;
    if (!issue || !reaches(await this.access.scope(actor), issue.machineId)) {
      throw notFound(WorkMessages.issueNotFound);
    }
    return issue;
  }

  private async withImages(actor: Actor, issues: Issue[]): Promise<IssueWithImageKeys[]> {
    const images = await this.images.keysOf(
      actor.accountId,
      issues.map((i) => i.id),
    );
    return issues.map((issue) => ({ ...issue, images: images.get(issue.id) ?? [] }));
  }

  private async answer(actor: Actor, row: IssueEntity): Promise<Issue> {
    return (await this.answerMany(actor, [row]))[0];
  }

  private async answerMany(actor: Actor, rows: IssueEntity[]): Promise<Issue[]> {
    const names = await this.machines.names(
      actor.accountId,
      rows.map((r) => r.machineId),
    );
    return this.members.withAudit(
      actor.accountId,
      rows.map((r) => issueView(r, names.get(r.machineId) ?? null)),
      (v) => rows.find((r) => r.id === v.id)!,
    );
  }
}
