import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RmqContext } from '@nestjs/microservices';
import { finalize, type Observable } from 'rxjs';

/**
 * With RabbitMQ and noAck false a message stays unacknowledged until its handler has finished
 * (its transaction committed or its error answered), so a crash mid-handler redelivers it.
 * Over TCP there is nothing to acknowledge.
 */
@Injectable()
export class AckInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext();
    if (!(rpc instanceof RmqContext)) {
      return next.handle();
    }
    return next.handle().pipe(
      finalize(() => {
        rpc.getChannelRef().ack(rpc.getMessage());
      }),
    );
  }
}
