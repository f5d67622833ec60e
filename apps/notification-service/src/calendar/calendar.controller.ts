import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CALENDAR_FEED, CALENDAR_ROTATE, type CalendarFeedRequest, type RpcMessage, type Actor } from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { CalendarService } from './calendar.service.js';

// The feed lists schedules: a member who may see them makes their own link; the feed itself is public (the token is the credential).
@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @MessagePattern(CALENDAR_ROTATE)
  rotate(@Caller('schedule.read') caller: Actor) {
    return this.calendar.rotate(caller);
  }

  @MessagePattern(CALENDAR_FEED)
  feed(@Payload() m: RpcMessage<CalendarFeedRequest>) {
    return this.calendar.feed(m.payload?.token);
  }
}
