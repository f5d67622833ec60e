import { Body, Controller, Post, Req } from '@nestjs/common';
import {
  ADMIN_CONTACT_SUBMIT,
  ADMIN_SALES_CONTACT_SUBMIT,
  ContactRequest,
  SalesContactRequest,
  type ContactView,
  type SalesContactView,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Public } from '../auth/auth.decorators.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { PublicRateLimiter } from '../public-limits/public-rate-limiter.js';

/** The public contact forms: stored by user-service and mailed to the sales inbox. */
@Controller()
export class ContactController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limiter: PublicRateLimiter,
  ) {}

  /** The shared submission of the Contact Sales and Platinum Account pages. */
  @Public()
  @Post('contact')
  async contact(@Body() body: ContactRequest, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<ContactView> {
    await this.limiter.admit('contact', req.ip);
    return this.rpc.send(ADMIN_CONTACT_SUBMIT, { ...body, ipAddress: req.ip }, call);
  }

  @Public()
  @Post('sales-contacts')
  async salesContact(@Body() body: SalesContactRequest, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<SalesContactView> {
    await this.limiter.admit('contact', req.ip);
    return this.rpc.send(ADMIN_SALES_CONTACT_SUBMIT, { ...body, ipAddress: req.ip }, call);
  }
}
