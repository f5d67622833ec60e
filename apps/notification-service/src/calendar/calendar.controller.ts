import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CALENDAR_FEED, CALENDAR_ROTATE, type CalendarFeedRequest, type RpcMessage } from '@wrenchlog/contracts';
import { CalendarService } from './calendar.service.js';

@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @MessagePattern(CALENDAR_ROTATE)
  rotate(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.calendar.rotate(m.actor);
  }

  @MessagePattern(CALENDAR_FEED)
  feed(@Payload() m: RpcMessage<CalendarFeedRequest>) {
    return this.calendar.feed(m.payload?.token);
  }
}
