import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, METER_BY_MACHINE, METER_UPDATE, type Actor, type Meter } from '@wrenchlog/contracts';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the job waits for schedule-service to make a new machine's meters (from machine-service's event). */
const METERS_WAIT_MS = 20_000;
const METERS_POLL_MS = 200;

/**
 * The meters of the machines an import creates for the names in a file: a kilometre file's machine
 * gets a kilometre meter (its rows keep their kilometres, libs/importers), as a user would set it.
 * schedule-service makes a machine's meters when it hears of the machine, so the job waits for them.
 */
@Injectable()
export class NewMachineMeters {
  private readonly logger = new Logger(NewMachineMeters.name);

  constructor(private readonly rpc: RpcClient) {}

  /** Sets the new machines' distance meters to `unit`; nothing to do for miles, the unit meters are made in. */
  async setDistanceUnit(actor: Actor, machineIds: number[], unit: 'mi' | 'km'): Promise<void> {
    if (unit === 'mi') {
      return;
    }
    for (const machineId of machineIds) {
      const meter = await this.distanceMeter(actor, machineId);
      if (!meter) {
        this.logger.warn(`machine ${machineId}: no distance meter after ${METERS_WAIT_MS} ms, its unit stays as made`);
      } else if (meter.unit !== unit) {
        await this.rpc.send(METER_UPDATE, { id: meter.id, meter: { unit } }, { actor });
      }
    }
  }

  private async distanceMeter(actor: Actor, machineId: number): Promise<Meter | undefined> {
    const until = Date.now() + METERS_WAIT_MS;
    for (;;) {
      try {
        const meter = (await this.rpc.send(METER_BY_MACHINE, { machineId }, { actor })).find((m) => m.kind === 'distance');
        if (meter) {
          return meter;
        }
      } catch (err) {
        // Not heard of yet: asked again.
        if (!(err instanceof RpcCallError && err.code === ErrorCode.NotFound)) {
          throw err;
        }
      }
      if (Date.now() >= until) {
        return undefined;
      }
      await sleep(METERS_POLL_MS);
    }
  }
}
