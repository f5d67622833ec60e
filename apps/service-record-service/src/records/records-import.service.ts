import { Injectable } from '@nestjs/common';
import { OwnedImages } from '@wrenchlog/owned-images';
import {
  checkImportRecord,
  isValidId,
  ServiceRecordInput as ServiceRecordInputDto,
  type Actor,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportCheckRequest,
  type ImportCheckResult,
  type ImportRevertRequest,
  type ImportRevertResult,
  type RpcMeta,
  type ServiceRecordInput,
} from '@wrenchlog/contracts';
import { DomainError, importDay, matchImportDuplicates, Outbox } from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { Transactions } from '../common/transactions.js';
import type { ServiceImageEntity } from '../images/service-image.entity.js';
import { RecordEvents } from './record-events.js';
import { RecordMachines } from './record-machines.js';
import { newRecordRow } from './record-row.js';
import { RecordsRepository } from './records.repository.js';
import { newRecordFields, toCents, utcDate, type RecordFields } from './service-record.rules.js';

/**
 * An import's service records (issue 23, called by import-service's job): apply a batch, check the
 * dry run's rows for duplicates, revert. The account is the caller's; the records are created by
 * the import's creator (the job's actor).
 */
@Injectable()
export class RecordsImportService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly recordMachines: RecordMachines,
    private readonly events: RecordEvents,
    private readonly transactions: Transactions,
    private readonly outbox: Outbox,
    private readonly images: OwnedImages<ServiceImageEntity>,
  ) {}

  /**
   * service.import.apply: one batch in one transaction, each row checked again with
   * ServiceRecordInput and the record rules, its machine as for a hand-entered record, written with
   * its import id and row and the events of a create (service.record.changed and .saved).
   */
  async apply(actor: Actor, request: ImportApplyRequest, meta?: RpcMeta): Promise<ImportApplyResult> {
    const ctx = callContext(actor, meta);
    const today = utcDate(new Date());
    const { accountId } = actor;
    const result = await this.transactions.run((tx) =>
      this.records.importBatch(
        tx,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(ServiceRecordInputDto, item.record);
          if (!value) {
            return { failed: problem };
          }
          let fields: RecordFields;
          let machineName: string;
          try {
            fields = newRecordFields(value, today);
            // Imports are run by roles that see every machine (import.run): no assignment to apply.
            machineName = await this.recordMachines.forWrite(tx, actor, fields.machineId, null);
          } catch (err) {
            if (err instanceof DomainError) {
              return { failed: err.message };
            }
            throw err;
          }
          return {
            record: this.records.create({
              ...newRecordRow(accountId, actor.userId, fields, machineName),
              importId: request.importId,
              importRow: item.rowNumber,
            }),
          };
        },
        async (records) => {
          // service.record.changed is a state event (the machine's newest date): one per machine of the batch, after its last record.
          const lastOfMachine = new Map(records.map((r) => [r.machineId, r.id]));
          for (const [machineId, recordId] of lastOfMachine) {
            await this.events.announce(tx, ctx, accountId, machineId, recordId, 'saved');
          }
          await this.events.savedMany(tx, ctx, accountId, records);
        },
      ),
    );
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * service.import.check (the dry run): the rows that repeat a stored record of the account: same
   * machine, date, miles, price and title (a title keeps two jobs of one visit apart, as the dry run
   * compares the rows of a file).
   */
  async check({ accountId }: Actor, request: ImportCheckRequest): Promise<ImportCheckResult> {
    // The dry run validated these rows with ServiceRecordInput already: only the key's fields are read.
    const rows = (request?.rows ?? []).flatMap((row) => {
      const value = row.record as Partial<ServiceRecordInput>;
      return isValidId(value.machineId) && typeof value.serviceDate === 'string'
        ? [{ rowNumber: row.rowNumber, value, machineId: value.machineId, day: value.serviceDate }]
        : [];
    });
    if (rows.length === 0) {
      return { duplicates: [], problems: [] };
    }
    const key = (machineId: number, day: string, miles: number | null | undefined, priceCents: number, title: string) =>
      `${machineId}|${importDay(day)}|${miles ?? ''}|${priceCents}|${title.trim().toLowerCase()}`;
    const days = [...new Set(rows.map((r) => importDay(r.day)))];
    const stored = await this.records.onDays(accountId, [...new Set(rows.map((r) => r.machineId))], days);
    const duplicates = matchImportDuplicates(
      rows.map((r) => ({
        rowNumber: r.rowNumber,
        key: key(
          r.machineId,
          r.day,
          r.value.miles,
          toCents(typeof r.value.price === 'number' ? r.value.price : 0),
          typeof r.value.title === 'string' ? r.value.title : '',
        ),
      })),
      stored.map((s) => ({ id: s.id, key: key(s.machineId, s.serviceDate, s.miles, s.priceCents, s.title) })),
    );
    return { duplicates, problems: [] };
  }

  /**
   * service.import.revert: deletes exactly that import's records of the account with their images,
   * service.record.deleted for each and service.record.changed (the machine's newest date after it).
   */
  async revert(actor: Actor, request: ImportRevertRequest, meta?: RpcMeta): Promise<ImportRevertResult> {
    const ctx = callContext(actor, meta);
    const { accountId } = actor;
    const deleted = await this.records.revertImport(accountId, request.importId, async (tx, rows) => {
      await this.images.removeOf(
        tx,
        accountId,
        'recordId',
        rows.map((r) => r.id),
        ctx,
      );
      const lastOfMachine = new Map<number, number>();
      for (const row of rows) {
        await this.events.deleted(tx, ctx, accountId, row);
        lastOfMachine.set(row.machineId, row.id);
      }
      for (const [machineId, recordId] of lastOfMachine) {
        await this.events.announce(tx, ctx, accountId, machineId, recordId, 'deleted');
      }
    });
    return { deleted };
  }
}
