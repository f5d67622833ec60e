import { Injectable } from '@nestjs/common';
import {
  InspectionLimits,
  InspectionMessages,
  isValidId,
  WorkMessages,
  type Actor,
  type CreateInspectionRequest,
  type Inspection,
  type InspectionCreated,
  type InspectionDue,
  type InspectionFrequency,
  type InspectionSummary,
  type Issue,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { createOnce, MemberDirectory, notFound, validationFailed } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { WorkEvents } from '../events/work-events.js';
import { IssuesRepository } from '../issues/issues.repository.js';
import { IssuesService } from '../issues/issues.service.js';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import { FormsService } from './forms.service.js';
import { inspectionView } from './inspection-view.js';
import type { InspectionEntity } from './inspection.entity.js';
import { dueOn, grade, issueTitle } from './inspection.rules.js';
import { InspectionsRepository } from './inspections.repository.js';

/** Inspections done on the machines the caller reaches (issue 35); a failed item opens an issue. */
@Injectable()
export class InspectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InspectionsRepository,
    private readonly forms: FormsService,
    private readonly issues: IssuesRepository,
    private readonly issueAnswers: IssuesService,
    private readonly machines: MachinesRepository,
    private readonly access: MachineAccess,
    private readonly members: MemberDirectory,
    private readonly events: WorkEvents,
  ) {}

  /**
   * The inspection and one medium issue per failed item, in one transaction. A retry with the same
   * Idempotency-Key answers the first inspection and its issues (the unique account and key index
   * refuses the second row, createOnce finds the first), so the offline queue may send it twice.
   */
  async create(actor: Actor, req: CreateInspectionRequest, meta?: RpcMeta): Promise<InspectionCreated> {
    const machine = await this.reachableMachine(actor, req?.machineId);
    const input = req.inspection;
    const key = meta?.idempotencyKey ?? null;
    const form = await this.forms.readable(actor, input.formId).catch(() => {
      // A form of another account, or none: the field's 404 (never disclosed that it exists).
      throw notFound(InspectionMessages.formNotFound);
    });
    const { answers, errors } = grade(JSON.parse(form.items), input.items);
    if (errors.length) {
      throw validationFailed(errors[0].message, errors);
    }
    const failed = answers.filter((a) => a.failed);
    const row = await createOnce(
      () => (key ? this.repo.byKey(actor.accountId, key) : Promise.resolve(null)),
      () =>
        this.dataSource.transaction(async (manager) => {
          const now = new Date();
          const inspection = await this.repo.insert(manager, {
            accountId: actor.accountId,
            createdBy: actor.userId,
            updatedBy: null,
            machineId: machine.machineId,
            formId: form.id,
            formName: form.name,
            readAt: input.readAt,
            meterDistance: input.meters?.distance ?? null,
            meterHours: input.meters?.hours ?? null,
            items: JSON.stringify(answers),
            failedCount: failed.length,
            signedBy: input.signedBy?.trim() || null,
            idempotencyKey: key,
            createdAt: now,
          });
          const ctx = { actor, correlationId: meta?.correlationId };
          const issueIds: number[] = [];
          for (const answer of failed) {
            const issue = await this.issues.insert(manager, {
              accountId: actor.accountId,
              createdBy: actor.userId,
              updatedBy: null,
              machineId: machine.machineId,
              title: issueTitle(answer),
              description: [answer.note, `Found on inspection #${inspection.id} (${form.name}, ${input.readAt}).`].filter(Boolean).join('\n\n'),
              priority: 'medium',
              status: 'open',
              outOfService: false,
              meterDistance: inspection.meterDistance,
              meterHours: inspection.meterHours,
              workOrderId: null,
              inspectionId: inspection.id,
              resolutionNote: null,
              closeReason: null,
              resolvedAt: null,
              idempotencyKey: null,
              createdAt: now,
              updatedAt: now,
            });
            await this.events.issueCreated(manager, ctx, issue, machine.name);
            issueIds.push(issue.id);
          }
          await this.events.inspectionFailed(manager, ctx, inspection, failed, issueIds, machine.name);
          return inspection;
        }),
    );
    const [view] = await this.answer(actor, [row]);
    return { ...view, issues: await this.openedIssues(actor, view.issueIds) };
  }

  async byMachine(actor: Actor, machineId: number): Promise<InspectionSummary[]> {
    const machine = await this.reachableMachine(actor, machineId);
    const rows = await this.repo.ofMachine(actor.accountId, machine.machineId, InspectionLimits.machineList);
    return (await this.answer(actor, rows)).map(({ items: _items, ...summary }) => summary);
  }

  async get(actor: Actor, id: number): Promise<Inspection> {
    const row = isValidId(id) ? await this.repo.one(actor.accountId, id) : null;
    if (!row || !reaches(await this.access.scope(actor), row.machineId)) {
      throw notFound(InspectionMessages.inspectionNotFound);
    }
    return (await this.answer(actor, [row]))[0];
  }

  /**
   * The machines whose daily or weekly inspection is due: a form with a frequency is in use on a
   * machine once it has been inspected with it, and is due the day after (daily: every day the
   * machine is used) or a week after the last one. Machines the caller does not reach are left out.
   */
  async due(actor: Actor, today = new Date().toISOString().slice(0, 10)): Promise<InspectionDue[]> {
    const forms = (await this.repo.forms(actor.accountId)).filter((f) => f.frequency !== null);
    const byId = new Map(forms.map((f) => [f.id, f]));
    const scope = await this.access.scope(actor);
    const last = (await this.repo.lastByMachineAndForm(actor.accountId, [...byId.keys()])).filter((l) => reaches(scope, l.machineId));
    const names = await this.machines.names(
      actor.accountId,
      last.map((l) => l.machineId),
    );
    return last
      .filter((l) => names.has(l.machineId))
      .map((l) => {
        const form = byId.get(l.formId)!;
        const frequency = form.frequency as InspectionFrequency;
        return {
          machineId: l.machineId,
          machineName: names.get(l.machineId) ?? null,
          formId: form.id,
          formName: form.name,
          frequency,
          lastReadAt: l.last,
          dueOn: dueOn(l.last, frequency),
        };
      })
      .filter((d) => d.dueOn <= today)
      .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.machineId - b.machineId);
  }

  private async reachableMachine(actor: Actor, machineId: number | undefined) {
    const machine = isValidId(machineId) ? await this.machines.owned(actor.accountId, machineId) : null;
    if (!machine || !reaches(await this.access.scope(actor), machine.machineId)) {
      throw notFound(WorkMessages.machineNotFound);
    }
    return machine;
  }

  private async openedIssues(actor: Actor, ids: number[]): Promise<Issue[]> {
    return ids.length ? Promise.all(ids.map((id) => this.issueAnswers.one(actor, id))) : [];
  }

  private async answer(actor: Actor, rows: InspectionEntity[]): Promise<Inspection[]> {
    const names = await this.machines.names(
      actor.accountId,
      rows.map((r) => r.machineId),
    );
    const issueIds = await this.repo.issueIds(
      actor.accountId,
      rows.map((r) => r.id),
    );
    return this.members.withAudit(
      actor.accountId,
      rows.map((r) => inspectionView(r, names.get(r.machineId) ?? null, issueIds.get(r.id) ?? [])),
      (v) => rows.find((r) => r.id === v.id)!,
    );
  }
}
