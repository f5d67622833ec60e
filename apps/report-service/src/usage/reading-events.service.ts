import { Injectable, Logger } from '@nestjs/common';
import {
  eventAccountId,
  eventTime,
  eventsOfBatch,
  isValidId,
  type EventBatch,
  type MetersChangedEvent,
  type RpcMessage,
  type ScheduleReadingChangedEvent,
} from '@wrenchlog/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { ReportMachineEntity } from '../machines/report-machine.entity.js';
import { UsageRepository } from './usage.repository.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * schedule.reading.changed and schedule.meters.changed: the readings' copy that usage in a period is
 * read from, and each machine's distance unit. Idempotent and ordered by `at`; a deleted machine's
 * (or another account's) reading is not kept.
 */
@Injectable()
export class ReadingEventsService {
  private readonly logger = new Logger(ReadingEventsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly usage: UsageRepository,
    private readonly machines: MachinesRepository,
  ) {}

  /** Also the rebuild's way in. */
  async onReadingChanged(m: RpcMessage<ScheduleReadingChangedEvent>): Promise<void> {
    const e = this.valid(m?.payload);
    if (e) {
      await this.dataSource.transaction((manager) => this.apply(manager, e, new Map()));
    }
  }

  /** A batch of schedule.reading.changed (EVENT_BATCH_TARGETS): applied in one transaction, in order. */
  async onReadingChangedBatch(m: RpcMessage<EventBatch<ScheduleReadingChangedEvent>>): Promise<void> {
    const events = eventsOfBatch(m).flatMap(({ payload }) => this.valid(payload) ?? []);
    if (events.length === 0) {
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const machines = new Map<number, ReportMachineEntity | null>();
      for (const e of events) {
        await this.apply(manager, e, machines);
      }
    });
  }

  /** The reading's copy; `machines` keeps the machines read in this transaction. */
  private async apply(manager: EntityManager, e: ScheduleReadingChangedEvent, machines: Map<number, ReportMachineEntity | null>): Promise<void> {
    if (!machines.has(e.machineId)) {
      machines.set(e.machineId, await this.machines.find(e.machineId, manager));
    }
    const accountId = eventAccountId(e);
    const machine = machines.get(e.machineId);
    if (machine && (machine.deleted || machine.accountId !== accountId)) {
      return;
    }
    await this.usage.applyReading(manager, {
      readingId: e.readingId,
      accountId,
      machineId: e.machineId,
      meterId: e.meterId,
      kind: e.kind,
      unit: typeof e.unit === 'string' ? e.unit.slice(0, 4) : '',
      lifetime: e.lifetimeValue,
      readAt: e.date,
      live: e.live === true,
      updatedAt: eventTime(e.at),
    });
  }

  private valid(e: ScheduleReadingChangedEvent | undefined): ScheduleReadingChangedEvent | null {
    const kindOk = e?.kind === 'distance' || e?.kind === 'hours';
    if (
      !e ||
      !isValidId(e.readingId) ||
      !isValidId(e.meterId) ||
      !isValidId(e.machineId) ||
      !isValidId(eventAccountId(e)) ||
      !kindOk ||
      !isDate(e.date) ||
      typeof e.lifetimeValue !== 'number' ||
      !Number.isFinite(e.lifetimeValue)
    ) {
      this.logger.warn('ignored a malformed schedule.reading.changed event');
      return null;
    }
    return e;
  }

  async onMetersChanged(m: RpcMessage<MetersChangedEvent>): Promise<void> {
    const e = m?.payload;
    const accountId = eventAccountId(e);
    if (!e || !isValidId(e.machineId) || !isValidId(accountId)) {
      this.logger.warn('ignored a malformed schedule.meters.changed event');
      return;
    }
    if (e.distanceUnit === undefined) {
      return; // an event from before it carried the unit
    }
    const unit = e.distanceUnit === 'km' ? 'km' : e.distanceUnit === 'mi' ? 'mi' : null;
    await this.usage.setDistanceUnit(this.dataSource.manager, accountId, e.machineId, unit, eventTime(e.at));
  }
}
