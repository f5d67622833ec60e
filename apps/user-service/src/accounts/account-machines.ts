import { Injectable, Logger } from '@nestjs/common';
import { MACHINE_LIST, accountActor } from '@wrenchlog/contracts';
import { RpcClient, validationFailed } from '@wrenchlog/platform';

/**
 * What user-service asks machine-service of an account's machines (it owns them): how many there
 * are, and whether an assignment names only the account's own. One MACHINE_LIST call each, as the
 * account's owner of record (machine-service has no count message yet).
 */
@Injectable()
export class AccountMachines {
  private readonly logger = new Logger(AccountMachines.name);

  constructor(private readonly rpc: RpcClient) {}

  private async ids(accountId: number, archived: boolean): Promise<number[]> {
    const list = await this.rpc.send(MACHINE_LIST, { archived }, { actor: accountActor(accountId) });
    return list.map((m) => m.id);
  }

  /** The account's machines in its lists (archived ones not counted); null while machine-service cannot answer. */
  async count(accountId: number): Promise<number | null> {
    try {
      return (await this.ids(accountId, false)).length;
    } catch (err) {
      this.logger.warn(`machine count of account #${accountId} not known: ${(err as Error).message}`);
      return null;
    }
  }

  /** 400 with a field message unless every id is a machine of the account (archived ones included). */
  async requireOwn(accountId: number, machineIds: number[] | null | undefined): Promise<void> {
    if (!machineIds || machineIds.length === 0) {
      return;
    }
    const own = new Set(await this.ids(accountId, false));
    if (machineIds.some((id) => !own.has(id))) {
      (await this.ids(accountId, true)).forEach((id) => own.add(id));
    }
    const foreign = machineIds.filter((id) => !own.has(id));
    if (foreign.length > 0) {
      const message = `Machine${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')} ${foreign.length > 1 ? 'are' : 'is'} not a machine of this account`;
      throw validationFailed(message, [{ field: 'machineIds', message }]);
    }
  }
}
