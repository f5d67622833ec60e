import { Injectable } from '@nestjs/common';
import { ErrorCode, MACHINE_GET, MACHINE_LIST, MACHINE_NOT_FOUND, type Actor } from '@wrenchlog/contracts';
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
