import { Body, Controller, Get, Put } from '@nestjs/common';
import { UpdateMeRequest, USER_ME, USER_ME_UPDATE, type CurrentUser } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { SessionOnly } from '../auth/auth.decorators.js';
import { Call } from '../http/request-context.js';

@Controller('user')
export class UserController {
  constructor(private readonly rpc: RpcClient) {}

  /** The start-up authentication check: who is signed in. */
  @Get('me')
  me(@Call() call: CallContext): Promise<CurrentUser> {
    return this.rpc.send(USER_ME, {}, call);
  }

  /** Settings: the signed-in user changes their own account name. */
  @SessionOnly()
  @Put('me')
  updateMe(@Body() body: UpdateMeRequest, @Call() call: CallContext): Promise<CurrentUser> {
    return this.rpc.send(USER_ME_UPDATE, { name: body.name }, call);
  }
}
