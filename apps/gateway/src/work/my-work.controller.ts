import { Controller, Get } from '@nestjs/common';
import { MY_WORK_LIST, type MyWork } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call } from '../http/request-context.js';

/** The mechanic's portal (issue 35, work-order-service): the caller's open orders in every account they belong to. */
@Controller('my-work')
export class MyWorkController {
  constructor(private readonly rpc: RpcClient) {}

  /** The accounts are found by work-order-service from who the caller is; nothing here names them. */
  @Get()
  list(@Call() call: CallContext): Promise<MyWork> {
    return this.rpc.send(MY_WORK_LIST, {}, call);
  }
}
