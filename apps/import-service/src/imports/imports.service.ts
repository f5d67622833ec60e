import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  pageOf,
  type Actor,
  type ImportCommitBody,
  type ImportCommitMode,
  type ImportCounts,
  type ImportCreateRequest,
  type ImportDetectedView,
  type ImportListQuery,
  type Page,
  type ImportMappingBody,
  type ImportRowKeepBody,
  type ImportRowPage,
  type ImportRowsQuery,
  type ImportRowView,
  type ImportSource,
  type ImportState,
  type ImportUploaded,
  type ImportView,
} from '@wrenchlog/contracts';
import { analyzeUpload, countRows, normalizeFile, type Detected, type FileAnalysis, type ImportRow, type Mapping } from '@wrenchlog/importers';
import { conflict, MemberDirectory, notFound, unprocessable } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { asDomain } from './import-errors.js';
import { ImportEntity } from './import.entity.js';
import { ImportJob } from './import-job.js';
import { ImportPhotos } from './import-photos.js';
import { ImportRetention } from './import-retention.js';
import { commitRefusal, revertRefusal, rowsDeletedMessage, type Refusal } from './import.rules.js';
import { ImportsRepository } from './imports.repository.js';
import { MachineDirectory } from './machine-directory.js';
import { OwnerChecks } from './owner-checks.js';
import type { ImportRowEntity } from './import-row.entity.js';

/** A row as Review shows it: a machine still to be created is named, not given the stand-in id it was validated with. */
function rowView(row: ImportRow): ImportRowView {
  const view: ImportRowView = { rowNumber: row.rowNumber, status: row.status, messages: row.messages };
  if (row.record !== undefined) {
    view.record = { ...(row.record as Record<string, unknown>) };
  }
  if (row.machine && 'name' in row.machine) {
    view.newMachine = row.machine.name;
    delete view.record?.machineId;
  }
  return view;
}

/**
 * Upload, Map and Review of an import (issue 23): reads the stored file with libs/importers, keeps
 * the import and its rows, and writes nothing outside this service's own tables.
 */
@Injectable()
export class ImportsService {
  private readonly logger = new Logger(ImportsService.name);

  constructor(
    private readonly repository: ImportsRepository,
    private readonly machines: MachineDirectory,
    private readonly job: ImportJob,
    private readonly ownerChecks: OwnerChecks,
    private readonly retention: ImportRetention,
    private readonly photos: ImportPhotos,
    private readonly members: MemberDirectory,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** POST /api/imports: the gateway stored the file; a file that cannot be imported is deleted again and refused. */
  async create(caller: Actor, request: ImportCreateRequest): Promise<ImportUploaded> {
    const source = request.fields.source;
    let analysis: FileAnalysis;
    let preview: ImportRow[];
    try {
      if (request.fields.machineId !== undefined) {
        await this.machines.requireOwn(caller, request.fields.machineId);
      }
      const { body } = await this.storage.getBuffer(request.objectKey);
      analysis = await asDomain(() => analyzeUpload(body, source));
      const known = await this.machines.known(caller, request.fields.machineId);
      preview = (
        await normalizeFile(analysis, {
          machineId: request.fields.machineId,
          ...known,
          utcOffsetMinutes: request.fields.utcOffsetMinutes,
          limit: IMPORT_LIMITS.previewRows,
        })
      ).rows;
    } catch (error) {
      await this.storage.deleteMany([request.objectKey]).catch((e: Error) => this.logger.warn(`could not remove a refused import file: ${e.message}`));
      throw error;
    }
    const entity = await this.repository.save(
      Object.assign(new ImportEntity(), {
        accountId: caller.accountId,
        createdBy: caller.userId,
        updatedBy: null,
        source,
        fileName: request.fileName.slice(0, 255),
        objectKey: request.objectKey,
        byteSize: request.byteSize,
        detected: JSON.stringify(analysis.detected),
        mapping: null,
        machineId: request.fields.machineId ?? null,
        machineColumn: null,
        sameNameMachines: null,
        utcOffsetMinutes: request.fields.utcOffsetMinutes ?? 0,
        state: 'uploaded' satisfies ImportState,
        counts: null,
        rowTotal: analysis.rowCount,
        createdAt: new Date(),
        finishedAt: null,
      }),
    );
    return this.uploaded(entity, analysis, preview);
  }

  /** PUT /api/imports/{id}/mapping: a new mapping or detection drops an earlier validation. */
  async setMapping(actor: Actor, id: number, body: ImportMappingBody): Promise<ImportUploaded> {
    const entity = await this.own(actor, id);
    this.notStarted(entity);
    if (body.machineId !== undefined && body.machineId !== null) {
      await this.machines.requireOwn(actor, body.machineId);
    }
    const known = await this.machines.known(actor, body.machineId);
    const detected: Detected = { ...(JSON.parse(entity.detected) as Detected), ...stripUndefined(body.detected ?? {}) };
    const analysis = await this.analyze(entity, detected);
    const options = {
      mapping: body.mapping,
      machineId: body.machineId ?? undefined,
      machineColumn: body.machineColumn ?? undefined,
      ...known,
      sameNameMachines: body.sameNameMachines ?? undefined,
    };
    const preview = (await asDomain(() => normalizeFile(analysis, { ...options, utcOffsetMinutes: entity.utcOffsetMinutes, limit: IMPORT_LIMITS.previewRows })))
      .rows;
    Object.assign(entity, {
      detected: JSON.stringify(analysis.detected),
      mapping: JSON.stringify(body.mapping),
      machineId: body.machineId ?? null,
      machineColumn: body.machineColumn ?? null,
      sameNameMachines: body.sameNameMachines ?? null,
      state: 'uploaded' satisfies ImportState,
      counts: null,
      updatedBy: actor.userId,
    });
    await this.repository.clearRows(entity);
    return this.uploaded(entity, analysis, preview);
  }

  /** POST /api/imports/{id}/validate: the dry run over every row; stores the rows and their messages. */
  async validate(actor: Actor, id: number): Promise<ImportCounts> {
    const entity = await this.own(actor, id);
    this.notStarted(entity);
    const analysis = await this.analyze(entity, JSON.parse(entity.detected) as Detected);
    const known = await this.machines.known(actor, entity.machineId);
    const result = await asDomain(() =>
      normalizeFile(analysis, {
        ...known,
        mapping: entity.mapping ? (JSON.parse(entity.mapping) as Mapping) : undefined,
        machineId: entity.machineId ?? undefined,
        machineColumn: entity.machineColumn ?? undefined,
        sameNameMachines: entity.sameNameMachines ?? undefined,
        utcOffsetMinutes: entity.utcOffsetMinutes,
      }),
    );
    // Then what only the owners know: duplicates of stored records, readings the meters refuse.
    await this.ownerChecks.run(actor, result.rows);
    // A restore's photos: counted, and those that cannot be restored warned about on their rows.
    const files = await this.photos.plan(entity, analysis, result.rows);
    const counts: ImportCounts = { ...countRows(result.rows), ...files };
    Object.assign(entity, { state: 'validated' satisfies ImportState, counts: JSON.stringify(counts), updatedBy: actor.userId });
    await this.repository.replaceRows(entity, result.rows);
    return counts;
  }

  /** GET /api/imports/{id}/rows: the dry run's rows, in file order, filtered by status. */
  async rows(actor: Actor, id: number, query: ImportRowsQuery): Promise<ImportRowPage> {
    const entity = await this.own(actor, id);
    if (entity.state === 'uploaded') {
      throw conflict('The import has not been validated yet: run POST /api/imports/{id}/validate first.');
    }
    if (entity.purgedAt) {
      throw conflict(rowsDeletedMessage(this.retention.keepDays));
    }
    const page = query.page ?? 0;
    const size = query.size ?? IMPORT_LIMITS.rowsPageSize.default;
    const [rows, total] = await this.repository.rows(entity.id, query.status, page, size);
    return pageOf(rows.map(storedRowView), total, page, size);
  }

  /**
   * PUT /api/imports/{id}/rows/{rowNumber}: import a row flagged as a duplicate anyway (keep), or
   * skip it again. Only before the commit (409 after), only a duplicate (422), only the caller's
   * import and an existing row (404).
   */
  async keepRow(actor: Actor, id: number, rowNumber: number, body: ImportRowKeepBody): Promise<ImportRowView> {
    const entity = await this.own(actor, id);
    if (entity.state !== 'validated') {
      throw keepConflict(entity.state);
    }
    const row = await this.repository.row(entity.id, rowNumber);
    if (!row) {
      throw notFound(IMPORT_MESSAGES.rowNotFound);
    }
    if (row.duplicateOf === null) {
      throw unprocessable(IMPORT_MESSAGES.keepNotDuplicate);
    }
    // A commit that started since the check above wins: the keep answers 409 and changes nothing.
    const stateNow = await this.repository.setKeep(entity.id, rowNumber, body.keep, actor.userId);
    if (stateNow === 'gone') {
      throw notFound(IMPORT_MESSAGES.notFound);
    }
    if (stateNow !== null) {
      throw keepConflict(stateNow);
    }
    row.keep = body.keep;
    return storedRowView(row);
  }

  /**
   * POST /api/imports/{id}/commit -> 202: the import becomes `importing` and its job runs in the
   * background (GET /api/imports/{id} shows the progress). 409 before a dry run or once committed,
   * 422 for all_or_nothing when the dry run found errors.
   */
  async commit(actor: Actor, id: number, body: ImportCommitBody): Promise<ImportView> {
    const entity = await this.own(actor, id);
    const counts = entity.counts ? (JSON.parse(entity.counts) as ImportCounts) : null;
    refuse(commitRefusal(entity.state as ImportState, body.mode, counts));
    if ((await this.repository.importingCount(entity.accountId)) >= IMPORT_LIMITS.maxImportingPerAccount) {
      throw conflict(`At most ${IMPORT_LIMITS.maxImportingPerAccount} imports can run at once: wait for one to finish.`);
    }
    if (!(await this.repository.startCommit(entity, body.mode, actor.userId))) {
      throw conflict('The import was committed already.');
    }
    await this.photos.startCommit(entity.id);
    this.job.start(entity.id);
    return this.audited((await this.repository.findOwn(entity.accountId, entity.id))!);
  }

  /** POST /api/imports/{id}/revert -> 202: the owners delete the import's records, then `reverted`; 409 twice. */
  async revert(actor: Actor, id: number): Promise<ImportView> {
    const entity = await this.own(actor, id);
    refuse(revertRefusal(entity.state as ImportState, entity.reverting));
    if (!(await this.repository.startRevert(entity, actor.userId))) {
      throw conflict('The import is already reverted.');
    }
    this.job.start(entity.id);
    return this.audited((await this.repository.findOwn(entity.accountId, entity.id))!);
  }

  /** GET /api/imports: the account's history, newest first (IMPORT_LIMITS.historyPageSize a page by default). */
  async list(actor: Actor, query: ImportListQuery): Promise<Page<ImportView>> {
    const page = query.page ?? 0;
    const size = query.size ?? IMPORT_LIMITS.historyPageSize;
    const [entities, total] = await this.repository.list(actor.accountId, page, size);
    const audited = await this.members.audit(actor.accountId, entities);
    return pageOf(
      entities.map((e, i) => ({ ...view(e), ...audited[i] })),
      total,
      page,
      size,
    );
  }

  async get(actor: Actor, id: number): Promise<ImportView> {
    const entity = await this.own(actor, id);
    const out = await this.audited(entity);
    if (entity.state === 'validated') {
      out.duplicatesSkipped = await this.repository.skippedDuplicates(entity.id);
    }
    Object.assign(out.counts, await this.photos.counts(entity.id));
    return out;
  }

  /** An import of the caller's account (another account's is 404, as a missing one). */
  private async own(actor: Actor, id: number): Promise<ImportEntity> {
    const entity = await this.repository.findOwn(actor.accountId, id);
    if (!entity) {
      throw notFound(IMPORT_MESSAGES.notFound);
    }
    return entity;
  }

  /** The answer of one import, with who uploaded and last changed it (one query). */
  private async audited(entity: ImportEntity): Promise<ImportView> {
    const [out] = await this.members.withAudit(entity.accountId, [view(entity)], () => entity);
    return out;
  }

  private notStarted(entity: ImportEntity): void {
    if (entity.state !== 'uploaded' && entity.state !== 'validated') {
      throw conflict(`The import is ${entity.state}: its mapping and dry run can no longer change.`);
    }
  }

  private async analyze(entity: ImportEntity, detected: Detected): Promise<FileAnalysis> {
    const { body } = await this.storage.getBuffer(entity.objectKey);
    return asDomain(() => analyzeUpload(body, entity.source as ImportSource, detected));
  }

  private uploaded(entity: ImportEntity, analysis: FileAnalysis, preview: ImportRow[]): ImportUploaded {
    return {
      id: entity.id,
      detected: analysis.detected as ImportDetectedView,
      notes: analysis.notes,
      columns: analysis.columns,
      suggestedMapping: analysis.suggestedMapping,
      preview: preview.map(rowView),
    };
  }
}

/** Why a row's keep cannot change in this state of its import (409). */
const keepConflict = (state: string) =>
  conflict(
    state === 'uploaded'
      ? 'The import has not been validated yet: run POST /api/imports/{id}/validate first.'
      : `The import is ${state}: its rows can no longer change.`,
  );

/** A stored row as Review lists it (a duplicate with whether the user keeps it). */
function storedRowView(r: ImportRowEntity): ImportRowView {
  const view: ImportRowView = { rowNumber: r.rowNumber, status: r.status as ImportRowView['status'], messages: JSON.parse(r.messages) as string[] };
  if (r.record) {
    view.record = JSON.parse(r.record) as Record<string, unknown>;
  }
  if (r.machineName) {
    view.newMachine = r.machineName;
    delete view.record?.machineId;
  }
  if (r.existingMachineId !== null) {
    view.existingMachineId = r.existingMachineId;
  }
  if (r.duplicateOf !== null) {
    view.duplicate = true;
    view.keep = r.keep;
  }
  return view;
}

function refuse(refusal: Refusal | null): void {
  if (refusal) {
    throw refusal.status === 422 ? unprocessable(refusal.message) : conflict(refusal.message);
  }
}

function view(entity: ImportEntity): Omit<ImportView, 'createdBy' | 'updatedBy'> {
  const counts = entity.counts ? (JSON.parse(entity.counts) as ImportCounts) : { valid: 0, warnings: 0, errors: 0 };
  const committed = entity.mode !== null;
  const out: Omit<ImportView, 'createdBy' | 'updatedBy'> = {
    id: entity.id,
    source: entity.source as ImportSource,
    fileName: entity.fileName,
    state: entity.state as ImportState,
    mode: (entity.mode as ImportCommitMode | null) ?? null,
    // Before a commit the total is the file's rows; after it, the rows the commit sends.
    progress: committed ? { done: entity.progressDone, total: entity.progressTotal } : { done: 0, total: entity.rowTotal },
    counts: { ...counts, written: entity.written, skipped: entity.skipped, failed: entity.failed },
    createdAt: entity.createdAt.toISOString(),
    finishedAt: entity.finishedAt ? entity.finishedAt.toISOString() : null,
    error: entity.error,
    reverting: entity.reverting,
  };
  if (entity.revertResult) {
    out.reverted = JSON.parse(entity.revertResult) as NonNullable<ImportView['reverted']>;
  }
  return out;
}

const stripUndefined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
