import { Injectable } from '@nestjs/common';
import {
  isValidId,
  JobTemplateLimits,
  JobTemplateMessages,
  WorkMessages,
  type Actor,
  type JobTemplate,
  type JobTemplateDeleted,
  type JobTemplateInput,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { conflict, MemberDirectory, notFound } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { PartLookup } from '../parts/part-lookup.js';
import type { JobTemplateEntity } from './job-template.entity.js';
import { storedLines, storedSteps, templateView } from './job-template.rules.js';
import { JobTemplatesRepository } from './job-templates.repository.js';

/** The account's job templates (issue 35): read by whoever reads work orders, kept by whoever writes them. */
@Injectable()
export class JobTemplatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: JobTemplatesRepository,
    private readonly parts: PartLookup,
    private readonly members: MemberDirectory,
  ) {}

  async list(actor: Actor): Promise<JobTemplate[]> {
    return this.answer(actor, await this.repo.list(actor.accountId));
  }

  async get(actor: Actor, id: number | undefined): Promise<JobTemplate> {
    return (await this.answer(actor, [await this.readable(actor, id)]))[0];
  }

  async create(actor: Actor, input: JobTemplateInput, meta?: RpcMeta): Promise<JobTemplate> {
    const fields = await this.fields(actor, input, meta);
    const now = new Date();
    const row = await this.dataSource.transaction(async (manager) => {
      if ((await this.repo.count(manager, actor.accountId)) >= JobTemplateLimits.perAccount) {
        throw conflict(JobTemplateMessages.tooMany);
      }
      return this.repo.save(manager, { accountId: actor.accountId, createdBy: actor.userId, updatedBy: null, ...fields, createdAt: now, updatedAt: now });
    });
    return (await this.answer(actor, [row]))[0];
  }

  async update(actor: Actor, id: number | undefined, input: JobTemplateInput, meta?: RpcMeta): Promise<JobTemplate> {
    const template = await this.readable(actor, id);
    const fields = await this.fields(actor, input, meta);
    const row = await this.dataSource.transaction((manager) =>
      this.repo.save(manager, { ...template, ...fields, updatedBy: actor.userId, updatedAt: new Date() }),
    );
    return (await this.answer(actor, [row]))[0];
  }

  /** Deletes the template; orders made from it keep their lines and steps, and schedules naming it start orders blank. */
  async delete(actor: Actor, id: number | undefined): Promise<JobTemplateDeleted> {
    const template = await this.readable(actor, id);
    await this.dataSource.transaction((manager) => this.repo.delete(manager, template.id));
    return { id: template.id };
  }

  /** A template of the caller's account; else 404. */
  async readable(actor: Actor, id: number | undefined): Promise<JobTemplateEntity> {
    const template = isValidId(id) ? await this.repo.one(actor.accountId, id) : null;
    if (!template) {
      throw notFound(JobTemplateMessages.templateNotFound);
    }
    return template;
  }

  /** The stored fields; each part must be the account's (asked of the inventory with the caller's rights: else 400 on `lines.N.partId`). */
  private async fields(actor: Actor, input: JobTemplateInput, meta?: RpcMeta): Promise<Pick<JobTemplateEntity, 'name' | 'steps' | 'lines'>> {
    const names = new Map<number, string>();
    for (const [i, line] of (input.lines ?? []).entries()) {
      if (line.kind === 'part' && !names.has(line.partId!)) {
        const part = await this.parts.get(actor, line.partId!, meta, `lines.${i}.partId`, WorkMessages.partNotFound);
        names.set(part.id, part.name);
      }
    }
    return { name: input.name.trim(), steps: JSON.stringify(storedSteps(input)), lines: JSON.stringify(storedLines(input, names)) };
  }

  private answer(actor: Actor, rows: JobTemplateEntity[]): Promise<JobTemplate[]> {
    return this.members.withAudit(
      actor.accountId,
      rows.map((r) => templateView(r)),
      (v) => rows.find((r) => r.id === v.id)!,
    );
  }
}
