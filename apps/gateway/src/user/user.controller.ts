import { Controller, Get } from '@nestjs/common';
import { USER_ME, type CurrentUser } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call } from '../http/request-context.js';

@Controller('user')
export class UserController {
  constructor(private readonly rpc: RpcClient) {}

  /** The start-up authentication check: who is signed in. */
  @Get('me')
  me(@Call() call: CallContext): Promise<CurrentUser> {
    return this.rpc.send(USER_ME, {}, call);
  }
}
