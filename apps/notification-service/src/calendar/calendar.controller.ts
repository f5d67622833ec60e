import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CALENDAR_FEED, CALENDAR_ROTATE, type CalendarFeedRequest, type RpcMessage, type Actor } from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { CalendarService } from './calendar.service.js';

@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @MessagePattern(CALENDAR_ROTATE)
  rotate(@Caller() caller: Actor) {
    return this.calendar.rotate(caller);
  }

  @MessagePattern(CALENDAR_FEED)
  feed(@Payload() m: RpcMessage<CalendarFeedRequest>) {
    return this.calendar.feed(m.payload?.token);
  }
}
