import { Injectable } from '@nestjs/common';
import { ErrorCode, MACHINE_GET, MACHINE_LIST, MACHINE_NOT_FOUND, METER_BY_MACHINE, type Actor } from '@wrenchlog/contracts';
import { notFound, RpcCallError, RpcClient, unavailable } from '@wrenchlog/platform';

/** The caller's machines, asked of machine-service (which scopes every read by the caller). */
@Injectable()
export class MachineDirectory {
  constructor(private readonly rpc: RpcClient) {}

  /** 404 'Machine not found' unless the machine is the caller's. */
  async requireOwn(actor: Actor, machineId: number): Promise<void> {
    await this.call(() => this.rpc.send(MACHINE_GET, { id: machineId }, { actor }));
  }

  /** Id and name of every machine of the caller, archived ones too (a file may name one). */
  async all(actor: Actor): Promise<{ id: number; name: string }[]> {
    const [active, archived] = await this.call(() =>
      Promise.all([this.rpc.send(MACHINE_LIST, {}, { actor }), this.rpc.send(MACHINE_LIST, { archived: true }, { actor })]),
    );
    return [...active, ...archived].map((m) => ({ id: m.id, name: m.name }));
  }

  /**
   * What a file's rows are read against: the caller's machines, and the distance unit of the file's
   * machine (a record holds what its meter shows: a km file into a km machine keeps its kilometres).
   */
  async known(
    actor: Actor,
    machineId?: number | null,
  ): Promise<{ knownMachines: { id: number; name: string }[]; machineDistanceUnits: Record<number, 'mi' | 'km'> }> {
    const [knownMachines, unit] = await Promise.all([this.all(actor), machineId == null ? undefined : this.distanceUnit(actor, machineId)]);
    return { knownMachines, machineDistanceUnits: machineId == null || unit === undefined ? {} : { [machineId]: unit } };
  }

  /** The unit of a machine's distance meter, asked of schedule-service; undefined while it has none (miles then). */
  private async distanceUnit(actor: Actor, machineId: number): Promise<'mi' | 'km' | undefined> {
    try {
      const meters = await this.rpc.send(METER_BY_MACHINE, { machineId }, { actor });
      const unit = meters.find((m) => m.kind === 'distance')?.unit;
      return unit === 'km' || unit === 'mi' ? unit : undefined;
    } catch (err) {
      // A machine schedule-service has not heard of yet has no meter, and without schedule-service none is known: miles then.
      if (err instanceof RpcCallError && (err.code === ErrorCode.NotFound || err.code === ErrorCode.Unavailable)) {
        return undefined;
      }
      throw err;
    }
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.NotFound) {
        throw notFound(MACHINE_NOT_FOUND);
      }
      if (err instanceof RpcCallError && err.code === ErrorCode.Unavailable) {
        throw unavailable(err.message);
      }
      throw err;
    }
  }
}
