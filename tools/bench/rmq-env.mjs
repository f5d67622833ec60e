// The platform settings the Nest RMQ echo (server and client) is built with: the production
// defaults of PlatformEnv, on a private queue prefix.
export const ECHO_SERVICE = 'bench-echo';

export const benchRmqEnv = () => ({
  AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_QUEUE_PREFIX: process.env.BENCH_QUEUE_PREFIX ?? 'wlbench.',
  AMQP_PREFETCH: 16,
  AMQP_RETRY_DELAY_MS: 5000,
  AMQP_MAX_RETRIES: 5,
  RPC_TIMEOUT_MS: 5000,
});
