import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { USER_SESSION_ENDED, USER_SESSION_STATE, type RpcMessage, type SessionEndedRequest, type SessionStateRequest } from '@wrenchlog/contracts';
import { SessionsService } from './sessions.service.js';

/** The gateway's session check (no actor: it asks before it knows whether the caller still counts). */
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(USER_SESSION_STATE)
  state(@Payload() m: RpcMessage<SessionStateRequest>) {
    return this.sessions.state(m.payload?.userId);
  }

  @MessagePattern(USER_SESSION_ENDED)
  ended(@Payload() m: RpcMessage<SessionEndedRequest>) {
    return this.sessions.ended(typeof m.payload?.since === 'string' ? m.payload.since : null);
  }
}
