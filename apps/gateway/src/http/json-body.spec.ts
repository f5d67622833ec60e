import Fastify, { type FastifyInstance } from 'fastify';
import { registerJsonBody, unacceptableJson } from './json-body.js';

describe(unacceptableJson.name, () => {
  it('takes well-formed text, emoji (surrogate pairs) and nesting up to the limit', () => {
    expect(unacceptableJson({ a: 'plain', b: ['😀 ok'], c: { d: { e: 1 } } })).toBeUndefined();
    expect(unacceptableJson(JSON.parse('['.repeat(32) + ']'.repeat(32)))).toBeUndefined();
  });

  it('names the field with a lone surrogate, in a value or a key', () => {
    expect(unacceptableJson({ user: { email: 'a\ud800@x.com' } })).toEqual({
      field: 'user.email',
      message: 'Text must not contain unpaired UTF-16 surrogates',
    });
    expect(unacceptableJson({ ['k\udc00']: 1 })?.message).toBe('Text must not contain unpaired UTF-16 surrogates');
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    expect(unacceptableJson(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))?.field).toBe('body');
  });
});

describe(registerJsonBody.name, () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = Fastify();
    registerJsonBody(app, 1_048_576, 3);
    app.post('/echo', async (request) => ({ got: request.body }));
    // Errors as the gateway's filter would see them: the status and message.
    app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) =>
      reply.status(err.statusCode ?? (err.code === 'RATE_LIMITED' ? 429 : 400)).send({ code: err.code, message: err.message }),
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (body: string, type = 'application/json') => fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': type }, body });

  it('parses JSON bodies', async () => {
    const res = await post('{"a":"b"}');
    expect(await res.json()).toEqual({ got: { a: 'b' } });
  });

  it('answers 415 for form-urlencoded and other bodies, and takes plain text as a string', async () => {
    expect((await post('a=b', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post('<a/>', 'application/xml')).status).toBe(415);
    expect(await (await post('hello', 'text/plain')).json()).toEqual({ got: 'hello' });
  });

  it('refuses deep nesting and lone surrogates with 400, and then 429 once an address sent too many malformed bodies', async () => {
    const deep = await post('['.repeat(10_000) + ']'.repeat(10_000));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ message: 'The request body is nested deeper than 32 levels' });
    const lone = await post('{"email":"a\\ud800@x.com"}');
    expect(lone.status).toBe(400);
    expect((await post('{bad')).status).toBe(400);

    expect((await post('{bad')).status).toBe(429);
    expect((await post('{"fine":true}')).status).toBe(200);
  });
});
