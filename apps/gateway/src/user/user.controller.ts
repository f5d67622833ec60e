import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  PreferencesInput,
  UpdateMeRequest,
  USER_ME,
  USER_ME_UPDATE,
  USER_PREFERENCES_GET,
  USER_PREFERENCES_UPDATE,
  type CurrentUser,
  type PreferencesView,
} from '@wrenchlog/contracts';
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

  /** The member's units, currency, formats and theme (issue 34), every field resolved. */
  @Get('preferences')
  preferences(@Call() call: CallContext): Promise<PreferencesView> {
    return this.rpc.send(USER_PREFERENCES_GET, {}, call);
  }

  /** Replaces the member's own preferences; a field left out falls back to the account's default. */
  @Put('preferences')
  updatePreferences(@Body() body: PreferencesInput, @Call() call: CallContext): Promise<PreferencesView> {
    return this.rpc.send(USER_PREFERENCES_UPDATE, body, call);
  }
}
