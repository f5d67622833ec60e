import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  accountActor,
  FUEL_IMPORT_APPLY,
  FUEL_RECORD_LATEST,
  IMPORT_BATCH_SIZE,
  IMPORT_OUTBOX_HIGH,
  IMPORT_REVERT_CALL_MAX,
  MACHINE_IMPORT_CREATE_MACHINES,
  MACHINE_IMPORT_REVERT,
  PURCHASE_RECENT_FOR_MACHINE,
  SCHEDULE_IMPORT_HAND_READINGS,
  SERVICE_RECORD_BY_MACHINE,
  type Actor,
  type ImportApplyResult,
  type ImportCommitMode,
  type RestoredCompletion,
} from '@wrenchlog/contracts';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImportPhotos } from './import-photos.js';
import { NewMachineMeters } from './new-machine-meters.js';
import { ImportRowEntity } from './import-row.entity.js';
import {
  APPLY_PATTERN,
  backoffMs,
  byKind,
  failureSummary,
  fileDistanceUnit,
  firstKindsOf,
  type FirstKind,
  isRowKind,
  LEASE_MS,
  LEASE_RENEW_MS,
  machineKey,
  machinesByName,
  namesLeftToCreate,
  outcome,
  OWNER_TRIES,
  RESUME_TICK_MS,
  retriable,
  linkRefs,
  REVERT_PATTERNS,
  type WrittenRefs,
} from './import.rules.js';
import { ImportsRepository } from './imports.repository.js';

/** An owner's call takes up to this long: a batch of 500 rows with their outbox events. */
const OWNER_TIMEOUT_MS = 60_000;

/** While an owner's outbox is above IMPORT_OUTBOX_HIGH, the job asks again this often, and goes on after BACKLOG_WAIT_MAX_MS at most (a subscriber that is down must not stop the import). */
const BACKLOG_POLL_MS = 250;
const BACKLOG_WAIT_MAX_MS = 60_000;

/** A batch's outcome, with the owner whose outbox has the most events still to send. */
type BatchResult = ImportApplyResult & { busiest?: { pattern: typeof FUEL_IMPORT_APPLY; backlog: number } };

/** The job gave up on an owner (it kept failing, or refused the call): all_or_nothing rolls back, skip_invalid stops. */
class OwnerFailed extends Error {}

type BatchStep = 'next' | 'end' | 'rolled-back';

/**
 * The import job (issue 23; README "The import job" and "Revert"): runs in this service, started by
 * commit, by revert and by the lease tick. Nothing is held in memory between steps: the rows'
 * outcomes and the import's lease are in the database, so a restarted service resumes from the
 * first pending row, and the owners' unique (import_id, import_row) makes a resent batch harmless.
 */
@Injectable()
export class ImportJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportJob.name);
  /** This worker's name in `lease_owner`. */
  private readonly me = `import-${process.pid}-${randomUUID().slice(0, 8)}`;
  private tick: NodeJS.Timeout | undefined;
  private readonly running = new Set<number>();
  private stopping = false;

  constructor(
    private readonly repository: ImportsRepository,
    private readonly rpc: RpcClient,
    private readonly photos: ImportPhotos,
    private readonly meters: NewMachineMeters,
  ) {}

  onApplicationBootstrap(): void {
    // On boot and every 30 s: imports whose worker died (its lease lapsed) are resumed.
    this.tick = setInterval(() => void this.resumeLapsed(), RESUME_TICK_MS);
    this.tick.unref();
    setImmediate(() => void this.resumeLapsed());
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    clearInterval(this.tick);
  }

  /** Starts (or resumes) an import's job in the background; answers at once. */
  start(id: number): void {
    if (!this.running.has(id)) {
      void this.run(id);
    }
  }

  private async resumeLapsed(): Promise<void> {
    try {
      for (const id of await this.repository.lapsed(new Date())) {
        this.start(id);
      }
    } catch (err) {
      this.logger.warn(`could not look for imports to resume: ${(err as Error).message}`);
    }
  }

  private async run(id: number): Promise<void> {
    this.running.add(id);
    let renew: NodeJS.Timeout | undefined;
    try {
      const now = new Date();
      if (!(await this.repository.takeLease(id, this.me, now, new Date(now.getTime() + LEASE_MS)))) {
        return;
      }
      renew = setInterval(() => void this.repository.renewLease(id, this.me, new Date(Date.now() + LEASE_MS)).catch(() => undefined), LEASE_RENEW_MS);
      const entity = await this.repository.findById(id);
      if (!entity) {
        return;
      }
      // The owners write (and revert) in the import's account, as the member who uploaded it: their records name them.
      const actor: Actor = accountActor(entity.accountId, entity.createdBy ?? entity.accountId);
      if (entity.reverting) {
        await this.revert(id, actor);
      } else if (entity.state === 'importing') {
        await this.importRows(id, actor, entity.mode as ImportCommitMode, entity.source, fileDistanceUnit(entity.detected));
      }
    } catch (err) {
      // A database or broker failure of this worker: the lease lapses and the tick resumes the job.
      this.logger.warn(`import ${id}: the job stopped and will resume: ${(err as Error).message}`);
    } finally {
      clearInterval(renew);
      this.running.delete(id);
    }
  }

  /**
   * Machines first, then a restore's suppliers and parts, then service records (FIRST_KINDS), then
   * the pending rows in batches of 500 in file order, each kind to its owner. A restore's machine rows
   * are written before anything else, so the rows naming those machines get their ids; only the names
   * without a machine row are created by name (with stand-in fields). Its parts and purchases get the
   * ids of the suppliers and parts it wrote, its schedules' completions those of its service records
   * (WrittenRefs, read again from the rows, so a resumed job has them).
   */
  private async importRows(id: number, actor: Actor, mode: ImportCommitMode, source: string, distanceUnit: 'mi' | 'km'): Promise<void> {
    try {
      let batchNo = 0;
      for (const kind of [...firstKindsOf(source), undefined]) {
        const links: Links = {
          // Idempotent: the second call (for the rest) finds every name's machine already made.
          machines: kind === 'service' || kind === undefined ? await this.createMachines(id, actor, distanceUnit) : new Map<string, number>(),
          refs: {
            supplier: kind === 'part' || kind === undefined ? await this.repository.writtenRefs(id, 'supplier') : new Map<string, number>(),
            part: kind === undefined ? await this.repository.writtenRefs(id, 'part') : new Map<string, number>(),
            service: kind === undefined ? await this.repository.writtenServiceRecords(id) : new Map<string, RestoredCompletion>(),
          },
          stockCounted: source === 'wrenchlog-export',
        };
        for (let step: BatchStep = 'next'; step === 'next'; batchNo++) {
          if (this.stopping) {
            return;
          }
          step = await this.writeBatch(id, actor, mode, batchNo, kind, links);
          if (step === 'rolled-back') {
            return;
          }
        }
      }
      // A restore's photos last, once every record they belong to is written.
      await this.photos.restore(id, actor, () => this.stopping);
      if (this.stopping) {
        return;
      }
      const failed = await this.repository.failedRows(id, 1);
      const error = failed.length > 0 ? failureSummary(failed.map((r) => ({ rowNumber: r.rowNumber, message: lastMessage(r) }))) : null;
      await this.repository.finish(id, { state: 'done', finishedAt: new Date(), error });
    } catch (err) {
      if (!(err instanceof OwnerFailed)) {
        throw err;
      }
      if (mode === 'all_or_nothing') {
        await this.rollback(id, actor, err.message);
      } else {
        // skip_invalid keeps what was written (Revert can take it back).
        await this.repository.finish(id, { state: 'failed', finishedAt: new Date(), error: err.message });
      }
    }
  }

  /** Writes the next pending batch (of machine rows, or of any kind): 'end' when none was left. */
  private async writeBatch(id: number, actor: Actor, mode: ImportCommitMode, batchNo: number, kind: FirstKind | undefined, links: Links): Promise<BatchStep> {
    const rows = await this.repository.nextPending(id, IMPORT_BATCH_SIZE, kind);
    if (rows.length === 0) {
      return 'end';
    }
    const result = await this.applyBatch(id, actor, batchNo, rows, links);
    await this.repository.markBatch(id, result.written, result.failed);
    if (result.failed.length > 0 && outcome(mode, result.failed.length) === 'rollback') {
      await this.rollback(id, actor, failureSummary(result.failed));
      return 'rolled-back';
    }
    if (result.busiest) {
      await this.awaitBacklog(id, actor, result.busiest.pattern, result.busiest.backlog);
    }
    return 'next';
  }

  /**
   * Paces the job to the events' consumers: every record an owner writes emits events (readings,
   * report totals), and an import that outruns their consumers leaves a backlog of hundreds of
   * thousands behind, which then delays every other user's events. While the owner's outbox holds
   * more than IMPORT_OUTBOX_HIGH, the job asks again (an empty batch answers the backlog) before it
   * sends the next batch.
   */
  private async awaitBacklog(id: number, actor: Actor, pattern: typeof FUEL_IMPORT_APPLY, backlog: number): Promise<void> {
    const until = Date.now() + BACKLOG_WAIT_MAX_MS;
    while (backlog > IMPORT_OUTBOX_HIGH && Date.now() < until && !this.stopping) {
      await sleep(BACKLOG_POLL_MS);
      const answer = await this.owner(pattern, () =>
        this.rpc.send(pattern, { importId: id, accountId: actor.accountId, batchNo: -1, rows: [] }, { actor, timeoutMs: OWNER_TIMEOUT_MS }),
      );
      backlog = answer.backlog ?? 0;
    }
  }

  /**
   * The machine of each name the rows give (keys without case): the machines written from their own
   * rows, then those created by name for the names without one (idempotent: a resumed job asks
   * machine-service for the names not in import_machines only, and it answers a created one again).
   */
  private async createMachines(id: number, actor: Actor, distanceUnit: 'mi' | 'km'): Promise<Map<string, number>> {
    const fromRows = await this.repository.writtenMachines(id);
    const byName = machinesByName(fromRows, await this.repository.machinesOf(id));
    const names = namesLeftToCreate(await this.repository.namesToCreate(id), byName);
    for (let i = 0; i < names.length; i += IMPORT_BATCH_SIZE) {
      const chunk = names.slice(i, i + IMPORT_BATCH_SIZE);
      const answer = await this.owner('machine-service', () =>
        this.rpc.send(MACHINE_IMPORT_CREATE_MACHINES, { importId: id, accountId: actor.accountId, names: chunk }, { actor, timeoutMs: OWNER_TIMEOUT_MS }),
      );
      await this.repository.addMachines(id, answer.machines);
      await this.meters.setDistanceUnit(
        actor,
        answer.machines.map((m) => m.id),
        distanceUnit,
      );
    }
    return machinesByName(fromRows, await this.repository.machinesOf(id));
  }

  /** One batch: the rows of each kind to their owner, in file order; a row of a kind nobody writes fails with why. */
  private async applyBatch(id: number, actor: Actor, batchNo: number, rows: ImportRowEntity[], links: Links): Promise<BatchResult> {
    const out: BatchResult = { written: [], failed: [] };
    for (const [kind, list] of byKind(rows)) {
      if (!isRowKind(kind)) {
        out.failed.push(...list.map((r) => ({ rowNumber: r.rowNumber, message: `${kind} rows are not imported yet` })));
        continue;
      }
      const sent = list.map((r) => ({ rowNumber: r.rowNumber, record: recordOf(r, links) }));
      const pattern = APPLY_PATTERN[kind] as typeof FUEL_IMPORT_APPLY;
      const request = { importId: id, accountId: actor.accountId, batchNo, rows: sent, ...(links.stockCounted ? { stockCounted: true } : {}) };
      const answer = await this.owner(pattern, () => this.rpc.send(pattern, request, { actor, timeoutMs: OWNER_TIMEOUT_MS }));
      out.written.push(...answer.written);
      out.failed.push(...answer.failed);
      if ((answer.backlog ?? 0) > (out.busiest?.backlog ?? IMPORT_OUTBOX_HIGH)) {
        out.busiest = { pattern, backlog: answer.backlog! };
      }
    }
    return out;
  }

  /** all_or_nothing after a failure: every record written so far is taken back, then `failed` with the reason. */
  private async rollback(id: number, actor: Actor, reason: string | null): Promise<void> {
    const revert = await this.revertOwners(id, actor);
    await this.repository.unmarkWritten(id);
    await this.repository.finish(id, {
      state: 'failed',
      finishedAt: new Date(),
      error: `Nothing was imported: ${reason ?? 'an owner failed'}`,
      written: 0,
      revertResult: JSON.stringify(revert),
    });
  }

  /** POST /revert's job: the import's records, then its machines that have no record left. */
  private async revert(id: number, actor: Actor): Promise<void> {
    try {
      const result = await this.revertOwners(id, actor);
      await this.repository.unmarkWritten(id);
      await this.repository.finish(id, { state: 'reverted', reverting: false, finishedAt: new Date(), revertResult: JSON.stringify(result) });
    } catch (err) {
      if (!(err instanceof OwnerFailed)) {
        throw err;
      }
      // Left `reverting`: the tick tries again once the owner is back.
      this.logger.warn(`import ${id}: revert waits for an owner: ${err.message}`);
      await this.repository.finish(id, {});
    }
  }

  private async revertOwners(id: number, actor: Actor): Promise<{ deleted: number; keptMachines: { id: number; name: string }[] }> {
    let deleted = 0;
    // A restore's photos first (not counted in `deleted`, which counts records): the owners remove exactly the images under the import's keys.
    await this.owner('photo owners', () => this.photos.revert(id, actor));
    for (const pattern of REVERT_PATTERNS) {
      // An owner deletes at most IMPORT_REVERT_CALL_MAX records a call: call again while it deletes that many.
      for (let answered = IMPORT_REVERT_CALL_MAX; answered === IMPORT_REVERT_CALL_MAX;) {
        answered = (
          await this.owner(pattern, () => this.rpc.send(pattern, { importId: id, accountId: actor.accountId }, { actor, timeoutMs: OWNER_TIMEOUT_MS }))
        ).deleted;
        deleted += answered;
      }
    }
    // A machine is listed once, whether the import created it by name, from its row, or both (an older job).
    // After retention deleted the rows, the import keeps the ids its machine rows wrote (read after the rows, so a purge in between is seen).
    const fromRows = (await this.repository.writtenMachines(id)).map((m) => m.id);
    const kept = (await this.repository.findById(id))?.rowMachineIds;
    const created = new Set([...(await this.repository.machinesOf(id)).values(), ...fromRows, ...(kept ? (JSON.parse(kept) as number[]) : [])]);
    const empty: number[] = [];
    const withReadings = await this.machinesWithHandReadings(actor, [...created]);
    for (const machineId of created) {
      if (!withReadings.has(machineId) && !(await this.hasRecords(actor, machineId))) {
        empty.push(machineId);
      }
    }
    const machines = await this.owner(MACHINE_IMPORT_REVERT, () =>
      this.rpc.send(MACHINE_IMPORT_REVERT, { importId: id, accountId: actor.accountId, machineIds: empty }, { actor, timeoutMs: OWNER_TIMEOUT_MS }),
    );
    return { deleted: deleted + machines.deleted, keptMachines: machines.kept };
  }

  /** Whether a machine the import created has records now (added by the user since): then Revert keeps it. */
  private async hasRecords(actor: Actor, machineId: number): Promise<boolean> {
    const window = { machineId, page: 0, size: 1 };
    const call = async () => {
      const [fuel, services, purchases] = await Promise.all([
        this.rpc.send(FUEL_RECORD_LATEST, { machineId }, { actor }),
        this.rpc.send(SERVICE_RECORD_BY_MACHINE, window, { actor }),
        this.rpc.send(PURCHASE_RECENT_FOR_MACHINE, window, { actor }),
      ]);
      const count = (list: unknown[] | { content: unknown[] }) => (Array.isArray(list) ? list.length : list.content.length);
      return fuel !== null || count(services) > 0 || count(purchases) > 0;
    };
    return this.owner('record owners', call);
  }

  /** The import's machines with readings a user entered on their meters since: Revert keeps them, as it keeps those with records. */
  private async machinesWithHandReadings(actor: Actor, machineIds: number[]): Promise<Set<number>> {
    if (machineIds.length === 0) {
      return new Set();
    }
    const answer = await this.owner(SCHEDULE_IMPORT_HAND_READINGS, () =>
      this.rpc.send(SCHEDULE_IMPORT_HAND_READINGS, { accountId: actor.accountId, machineIds }, { actor, timeoutMs: OWNER_TIMEOUT_MS }),
    );
    return new Set(answer.machineIds);
  }

  /** An owner's call, tried 5 times with backoff (1, 2, 4, 8 s) before the job gives up on it; a refusal is not tried again. */
  private async owner<T>(name: string, call: () => Promise<T>): Promise<T> {
    let last: Error | undefined;
    for (let attempt = 1; attempt <= OWNER_TRIES; attempt++) {
      try {
        return await call();
      } catch (err) {
        last = err as Error;
        this.logger.warn(`${name} failed (try ${attempt} of ${OWNER_TRIES}): ${last.message}`);
        if (!retriable(err instanceof RpcCallError ? err.code : undefined)) {
          throw new OwnerFailed(`${name} refused the import: ${last.message}`);
        }
        if (attempt < OWNER_TRIES && !this.stopping) {
          await sleep(backoffMs(attempt));
        }
      }
    }
    throw new OwnerFailed(`${name} did not answer after ${OWNER_TRIES} tries: ${last?.message ?? 'no answer'}`);
  }
}

/** What the job links a batch's rows to: the machines by name, a restore's suppliers, parts and service records by export id. */
interface Links {
  machines: Map<string, number>;
  refs: WrittenRefs;
  /** A restore: its parts' stock already counts its purchases (ImportApplyRequest.stockCounted). */
  stockCounted: boolean;
}

/** The record as the owner takes it: a machine named in the file gets the id of the machine the import created for it; a restore's links their ids. */
function recordOf(row: ImportRowEntity, links: Links): Record<string, unknown> {
  const record = JSON.parse(row.record ?? '{}') as Record<string, unknown>;
  if (row.machineName !== null) {
    const id = links.machines.get(machineKey(row.machineName));
    if (id !== undefined) {
      record.machineId = id;
    }
  }
  return linkRefs(record, links.refs);
}

const lastMessage = (row: ImportRowEntity): string => {
  const messages = JSON.parse(row.messages) as string[];
  return messages[messages.length - 1] ?? 'failed';
};
