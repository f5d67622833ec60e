import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RmqContext } from '@nestjs/microservices';
import type { Channel, ConsumeMessage } from 'amqplib';
import { catchError, tap, throwError, type Observable } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import { parkingQueueOf, previousFailures } from './dead-letter.js';

export interface AckPolicy {
  /** Failed deliveries of an event before it is parked in the dead-letter queue. */
  maxRetries: number;
}

/**
 * With RabbitMQ and noAck false a message stays unacknowledged until its handler has finished
 * (its transaction committed or its error answered), so a crash mid-handler redelivers it.
 * - A request (it has a reply queue) is acked once answered, error or not: the caller has the reply.
 * - An event whose handler succeeded, or refused it by a domain rule (retrying cannot help), is acked.
 * - An event that failed otherwise (database down...) is rejected into the retry queue, which
 *   redelivers it after a delay; past maxRetries it is parked in the dead-letter queue.
 * Over TCP there is nothing to acknowledge.
 */
@Injectable()
export class AckInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Delivery');

  constructor(private readonly policy: AckPolicy = { maxRetries: 5 }) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext();
    if (!(rpc instanceof RmqContext)) {
      return next.handle();
    }
    const channel = rpc.getChannelRef() as Channel;
    const message = rpc.getMessage() as ConsumeMessage;
    const isRequest = Boolean(message.properties.replyTo);
    return next.handle().pipe(
      tap({ complete: () => channel.ack(message) }),
      catchError((err: unknown) => {
        if (isRequest || err instanceof DomainError) {
          channel.ack(message);
        } else {
          this.retryOrPark(channel, message, rpc.getPattern(), err);
        }
        return throwError(() => err);
      }),
    );
  }

  private retryOrPark(channel: Channel, message: ConsumeMessage, pattern: string, err: unknown): void {
    const queue = message.fields.routingKey;
    const failures = previousFailures(message.properties.headers, queue) + 1;
    if (failures > this.policy.maxRetries) {
      channel.sendToQueue(parkingQueueOf(queue), message.content, {
        persistent: true,
        headers: { ...message.properties.headers, 'x-wrenchlog-error': String((err as Error)?.message ?? err) },
        contentType: message.properties.contentType,
      });
      channel.ack(message);
      this.logger.error(`${pattern} parked in ${parkingQueueOf(queue)} after ${failures} failed deliveries: ${(err as Error)?.message}`);
      return;
    }
    channel.nack(message, false, false);
    this.logger.warn(`${pattern} failed (delivery ${failures} of ${this.policy.maxRetries + 1}), retrying after a delay: ${(err as Error)?.message}`);
  }
}
