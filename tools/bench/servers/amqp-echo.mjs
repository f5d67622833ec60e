// L_rpc_raw server: a bare amqplib consumer answering each request on its reply-to queue, with the
// durability the product uses (durable queue, ack after the reply, prefetch 16). Prints `ready`.
import amqp from 'amqplib';

const { AMQP_URL, BENCH_QUEUE } = process.env;
// noDelay: Nagle would otherwise hold each small reply for the delayed ACK (~40 ms).
const connection = await amqp.connect(AMQP_URL, { noDelay: true });
const channel = await connection.createChannel();
await channel.assertQueue(BENCH_QUEUE, { durable: true });
await channel.prefetch(16);
await channel.consume(BENCH_QUEUE, (msg) => {
  channel.sendToQueue(msg.properties.replyTo, msg.content, { correlationId: msg.properties.correlationId });
  channel.ack(msg);
});
console.log('ready');
process.on('SIGTERM', () => void connection.close().finally(() => process.exit(0)));
