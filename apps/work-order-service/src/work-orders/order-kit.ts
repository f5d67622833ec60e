import { Injectable } from '@nestjs/common';
import { JobTemplateMessages, type Actor, type RpcMeta, type WorkOrderStep, type WorkOrderStepInput } from '@wrenchlog/contracts';
import { validationFailed } from '@wrenchlog/platform';
import { kitOf, orderLineOf, stepsOf, templatesToApply } from '../job-templates/job-template.rules.js';
import { JobTemplatesRepository } from '../job-templates/job-templates.repository.js';
import { PartLookup } from '../parts/part-lookup.js';
import type { ScheduleRef } from './work-order-checks.js';
import type { LineFields } from './work-order-line.entity.js';

/** What a new order starts with: the lines and steps of its job templates (issue 35), and its own steps. */
export interface OrderKit {
  lines: LineFields[];
  steps: WorkOrderStep[];
}

/**
 * The job templates a new order starts from: the one it names (another account's or a deleted one is
 * 400 on templateId) and those its schedules name (one gone is skipped: the schedule only points at
 * it), each once. Part lines take the inventory's name and price now, as adding a part line does; a
 * part gone from the inventory is 400 naming the template, since the order would start short of it.
 */
@Injectable()
export class OrderKits {
  constructor(
    private readonly templates: JobTemplatesRepository,
    private readonly parts: PartLookup,
  ) {}

  async of(
    actor: Actor,
    templateId: number | null | undefined,
    schedules: readonly ScheduleRef[],
    ownSteps: readonly WorkOrderStepInput[] | undefined,
    meta?: RpcMeta,
  ): Promise<OrderKit> {
    const ids = templatesToApply(
      templateId,
      schedules.map((s) => s.jobTemplateId),
    );
    const found = await this.templates.many(actor.accountId, ids);
    if (templateId !== null && templateId !== undefined && !found.some((t) => t.id === templateId)) {
      throw validationFailed(JobTemplateMessages.templateId, [{ field: 'templateId', message: JobTemplateMessages.templateId }]);
    }
    const ordered = ids.map((id) => found.find((t) => t.id === id)).filter((t) => t !== undefined);
    const lines: LineFields[] = [];
    for (const template of ordered) {
      const field = template.id === templateId ? 'templateId' : 'scheduleIds';
      for (const line of kitOf(template)) {
        const message = `${JobTemplateMessages.partGone} (${template.name}: ${line.partName ?? `part #${line.partId}`})`;
        const part = line.kind === 'part' ? await this.parts.get(actor, line.partId!, meta, field, message) : null;
        lines.push(orderLineOf(line, part));
      }
    }
    return { lines, steps: stepsOf(ownSteps ?? [], ordered) };
  }
}
