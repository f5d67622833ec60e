import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The address of the gateway's first request (scheme and host, honouring TRUST_PROXY), handed to
 * user-service with every call that emails a link. It is only the embedded start's default:
 * user-service prefers PUBLIC_URL, which it requires when distributed. Fixed at the first request
 * so a later request with a forged Host header cannot point links elsewhere.
 */
@Injectable()
export class PublicUrl implements OnModuleInit {
  private readonly logger = new Logger(PublicUrl.name);
  private origin?: string;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRequest', async (req) => {
      this.remember(req);
    });
  }

  /** The first request's origin (this one's, if none came before). */
  of(req: FastifyRequest): string {
    return this.remember(req);
  }

  private remember(req: FastifyRequest): string {
    if (!this.origin) {
      this.origin = `${req.protocol}://${req.host}`;
      this.logger.log(`links in emails start with ${this.origin} unless PUBLIC_URL is set`);
    }
    return this.origin;
  }
}
