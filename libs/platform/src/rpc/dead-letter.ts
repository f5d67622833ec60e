import amqp from 'amqplib';

/**
 * Dead-letter topology of a service queue Q (RabbitMQ only):
 * - Q dead-letters rejected messages to Q.retry;
 * - Q.retry holds them for a delay (message TTL), then dead-letters them back to Q;
 * - Q.dlq parks a message that kept failing (or never had a handler) after the retry bound.
 * So a failing event is retried with a pause, never in a hot loop, and a poison message ends up
 * parked where an operator can inspect it, while the queue keeps flowing.
 */
export const retryQueueOf = (queue: string) => `${queue}.retry`;
export const parkingQueueOf = (queue: string) => `${queue}.dlq`;

/** Arguments of the main queue; client and server must declare it identically. */
export const deadLetterArguments = (queue: string) => ({
  'x-dead-letter-exchange': '',
  'x-dead-letter-routing-key': retryQueueOf(queue),
});

export async function declareDeadLetterQueues(url: string, queue: string, retryDelayMs: number): Promise<void> {
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createChannel();
    await channel.assertQueue(retryQueueOf(queue), {
      durable: true,
      arguments: { 'x-message-ttl': retryDelayMs, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
    });
    await channel.assertQueue(parkingQueueOf(queue), { durable: true });
    await channel.close();
  } finally {
    await connection.close();
  }
}

interface XDeath {
  queue?: string;
  reason?: string;
  count?: number;
}

/** How many times this message was already rejected from `queue` (RabbitMQ's x-death header). */
export function previousFailures(headers: Record<string, unknown> | undefined, queue: string): number {
  const deaths = (headers?.['x-death'] as XDeath[] | undefined) ?? [];
  return deaths.filter((d) => d.queue === queue && d.reason === 'rejected').reduce((sum, d) => sum + Number(d.count ?? 0), 0);
}
