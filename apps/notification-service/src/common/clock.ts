import { Injectable } from '@nestjs/common';

/** The service's idea of now: the scheduler and the rules read it here, so tests can move time. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
