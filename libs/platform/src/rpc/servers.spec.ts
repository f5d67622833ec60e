import { RmqServer, TcpServer } from './servers.js';

describe('message routing of our servers', () => {
  it.each([
    ['TCP', () => new TcpServer({ port: 0 })],
    ['RabbitMQ', () => new RmqServer({ urls: ['amqp://127.0.0.1'], queue: 'unused' })],
  ])('%s: a plain name finds its handler, and so does a JSON pattern', (_name, make) => {
    const server = make();
    const byName = Object.assign(async () => 'by name', { isEventHandler: false });
    const byObject = Object.assign(async () => 'by object', { isEventHandler: false });
    server.addHandler('machines.findAll', byName);
    server.addHandler({ cmd: 'sum', version: 2 }, byObject);

    expect(server.getHandlerByPattern('machines.findAll')).toBe(byName);
    expect(server.getHandlerByPattern(JSON.stringify({ version: 2, cmd: 'sum' }))).toBe(byObject);
    expect(server.getHandlerByPattern('machines.unknown')).toBeNull();
    expect(server.getHandlerByPattern('{not json')).toBeNull();
  });
});
