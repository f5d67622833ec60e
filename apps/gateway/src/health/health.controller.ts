import { Controller, Get } from '@nestjs/common';
import { healthPattern, type HealthReply, type ServiceName } from '@wrenchlog/contracts';
import { RpcClient, unavailable } from '@wrenchlog/platform';
import { Public } from '../auth/auth.decorators.js';
import { GatewayEnv } from '../config/gateway-env.js';

@Controller('health')
export class HealthController {
  private readonly services: ServiceName[];

  constructor(
    private readonly rpc: RpcClient,
    env: GatewayEnv,
  ) {
    this.services = env.readyServices();
  }

  /** Liveness: the gateway process answers. */
  @Public()
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: every service answers over the transport and reaches its database. */
  @Public()
  @Get('ready')
  async ready(): Promise<{ status: 'ok'; services: HealthReply[] }> {
    const results = await Promise.allSettled(this.services.map((s) => this.rpc.send(healthPattern(s), {}, { actor: null })));
    const down = this.services.filter((_, i) => results[i].status === 'rejected');
    if (down.length > 0) {
      throw unavailable(`Not ready: ${down.join(', ')} did not answer`);
    }
    return { status: 'ok', services: results.map((r) => (r as PromiseFulfilledResult<HealthReply>).value) };
  }
}
