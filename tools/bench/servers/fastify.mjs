// L_fastify: the same constant JSON route on bare Fastify (the gateway's HTTP framework). Prints `ready <port>`.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port}`);
