import { Injectable } from '@nestjs/common';
import { InspectionMessages, isValidId, type Actor, type FormDeleted, type InspectionForm, type InspectionFormInput } from '@wrenchlog/contracts';
import { forbidden, MemberDirectory, notFound, validationFailed } from '@wrenchlog/platform';
import { DataSource } from 'typeorm';
import { BUILT_IN_ACCOUNT, type InspectionFormEntity } from './inspection-form.entity.js';
import { formView } from './inspection-view.js';
import { formErrors, storedItems } from './inspection.rules.js';
import { InspectionsRepository } from './inspections.repository.js';

/** The account's checklists, beside the built-in ones (issue 35). */
@Injectable()
export class FormsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InspectionsRepository,
    private readonly members: MemberDirectory,
  ) {}

  async list(actor: Actor): Promise<InspectionForm[]> {
    return this.answer(actor, await this.repo.forms(actor.accountId));
  }

  async get(actor: Actor, id: number): Promise<InspectionForm> {
    return (await this.answer(actor, [await this.readable(actor, id)]))[0];
  }

  async create(actor: Actor, input: InspectionFormInput): Promise<InspectionForm> {
    this.check(input);
    const now = new Date();
    const row = await this.dataSource.transaction((manager) =>
      this.repo.saveForm(manager, {
        accountId: actor.accountId,
        createdBy: actor.userId,
        updatedBy: null,
        ...this.fields(input),
        createdAt: now,
        updatedAt: now,
      }),
    );
    return (await this.answer(actor, [row]))[0];
  }

  async update(actor: Actor, id: number, input: InspectionFormInput): Promise<InspectionForm> {
    const form = await this.changeable(actor, id);
    this.check(input);
    const row = await this.dataSource.transaction((manager) =>
      this.repo.saveForm(manager, { ...form, ...this.fields(input), updatedBy: actor.userId, updatedAt: new Date() }),
    );
    return (await this.answer(actor, [row]))[0];
  }

  /** Deletes the form; the inspections made with it keep their copy of its name and items. */
  async delete(actor: Actor, id: number): Promise<FormDeleted> {
    const form = await this.changeable(actor, id);
    await this.dataSource.transaction((manager) => this.repo.deleteForm(manager, form.id));
    return { id: form.id };
  }

  /** A form the caller reads: the account's own or a built-in one; else 404. */
  async readable(actor: Actor, id: number | undefined): Promise<InspectionFormEntity> {
    const form = isValidId(id) ? await this.repo.form(actor.accountId, id) : null;
    if (!form) {
      throw notFound(InspectionMessages.formNotFound);
    }
    return form;
  }

  private async changeable(actor: Actor, id: number | undefined): Promise<InspectionFormEntity> {
    const form = await this.readable(actor, id);
    if (form.accountId === BUILT_IN_ACCOUNT) {
      throw forbidden(InspectionMessages.builtInReadOnly);
    }
    return form;
  }

  private check(input: InspectionFormInput): void {
    const errors = formErrors(input);
    if (errors.length) {
      throw validationFailed(errors[0].message, errors);
    }
  }

  private fields(input: InspectionFormInput): Pick<InspectionFormEntity, 'name' | 'machineType' | 'frequency' | 'items'> {
    return { name: input.name, machineType: input.machineType?.trim() || null, frequency: input.frequency ?? null, items: JSON.stringify(storedItems(input)) };
  }

  private answer(actor: Actor, rows: InspectionFormEntity[]): Promise<InspectionForm[]> {
    return this.members.withAudit(
      actor.accountId,
      rows.map((r) => formView(r)),
      (v) => rows.find((r) => r.id === v.id)!,
    );
  }
}
