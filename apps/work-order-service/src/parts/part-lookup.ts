import { Injectable } from '@nestjs/common';
import { PART_GET, type Actor, type Part, type RpcMeta } from '@wrenchlog/contracts';
import { RpcCallError, RpcClient, validationFailed } from '@wrenchlog/platform';

/** A part of the inventory (fuel-purchase-service), read with the caller's rights: another account's part is not found. */
@Injectable()
export class PartLookup {
  constructor(private readonly rpc: RpcClient) {}

  /** The part, or a 400 on `field` with `message` when the caller's account has no such part. */
  async get(actor: Actor, id: number, meta: RpcMeta | undefined, field: string, message: string): Promise<Part> {
    try {
      return await this.rpc.send(PART_GET, { id }, { actor, correlationId: meta?.correlationId });
    } catch (err) {
      if (err instanceof RpcCallError && err.code === 'NOT_FOUND') {
        throw validationFailed(message, [{ field, message }]);
      }
      throw err;
    }
  }
}
