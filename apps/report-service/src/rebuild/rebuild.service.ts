import { Injectable, Logger } from '@nestjs/common';
import {
  FUEL_COST_EXPORT,
  INVENTORY_COST_EXPORT,
  MACHINE_EXPORT,
  NOTIFICATION_TIME_ZONE_EXPORT,
  SCHEDULE_READING_EXPORT,
  SERVICE_COST_EXPORT,
  type Actor,
  type ExportPage,
  type RebuildReply,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { RpcClient } from '@wrenchlog/platform';
import { CostEventsService } from '../costs/cost-events.service.js';
import { MachineEventsService } from '../machine-events/machine-events.service.js';
import { ReadingEventsService } from '../usage/reading-events.service.js';
import { ReadModelVersions } from '../versions/read-model-versions.js';

type Outcome = NonNullable<RebuildReply['last']>;

/**
 * The rebuild of the read model from the owners (an administrator's call): the users' time zones
 * (first, so fuel records are dated in them), machines, then service records, fuel records, part
 * purchases and meter readings, a page at a time, each row applied as the saved event it
 * stands for. The owners stamp them as older than any real event, so a rebuild never undoes a change
 * the events brought, and running it again changes nothing. It runs in the background of this
 * process (one at a time here); the call answers at once.
 */
@Injectable()
export class RebuildService {
  private readonly logger = new Logger(RebuildService.name);
  private running: Promise<void> | null = null;
  private last: Outcome | null = null;

  constructor(
    private readonly rpc: RpcClient,
    private readonly costs: CostEventsService,
    private readonly machines: MachineEventsService,
    private readonly readings: ReadingEventsService,
    private readonly versions: ReadModelVersions,
  ) {}

  start(actor: Actor): RebuildReply {
    if (this.running) {
      return { started: false, last: this.last };
    }
    const outcome: Outcome = { startedAt: new Date().toISOString(), finishedAt: null, records: 0, error: null };
    this.last = outcome;
    this.running = this.run(actor, outcome)
      .catch((err: Error) => {
        outcome.error = err.message;
        this.logger.error(`the rebuild of the read model failed: ${err.message}`);
      })
      .finally(() => {
        outcome.finishedAt = new Date().toISOString();
        this.running = null;
      });
    return { started: true, last: outcome };
  }

  /** The last rebuild's outcome in this process (finishedAt null while it runs). */
  status(): RebuildReply {
    return { started: false, last: this.last };
  }

  private async run(actor: Actor, outcome: Outcome): Promise<void> {
    const as = <T>(payload: T) => ({ actor, payload }) as RpcMessage<T>;
    await this.pages(
      (afterId) => this.rpc.send(NOTIFICATION_TIME_ZONE_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.costs.onTimeZoneChanged(as(e)),
    );
    await this.pages(
      (afterId) => this.rpc.send(MACHINE_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.machines.onSaved(as(e)),
    );
    outcome.records += await this.pages(
      (afterId) => this.rpc.send(SERVICE_COST_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.costs.onServiceSaved(as(e)),
    );
    outcome.records += await this.pages(
      (afterId) => this.rpc.send(FUEL_COST_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.costs.onFuelSaved(as(e)),
    );
    outcome.records += await this.pages(
      (afterId) => this.rpc.send(INVENTORY_COST_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.costs.onPurchaseSaved(as(e)),
    );
    outcome.records += await this.pages(
      (afterId) => this.rpc.send(SCHEDULE_READING_EXPORT, { afterId, limit: 500 }, { actor }),
      (e) => this.readings.onReadingChanged(as(e)),
    );
    this.logger.log(`rebuilt the read model from ${outcome.records} records`);
  }

  private async pages<T>(fetch: (afterId: number) => Promise<ExportPage<T>>, apply: (item: T) => Promise<void>): Promise<number> {
    let count = 0;
    let afterId: number | null = 0;
    while (afterId !== null) {
      const page: ExportPage<T> = await fetch(afterId);
      for (const item of page.items) {
        await apply(item);
        count += 1;
      }
      // The rows came without their events' raises: every cached report is out of date.
      await this.versions.raiseAll();
      afterId = page.nextAfterId;
    }
    return count;
  }
}
