// L_http: a bare node:http route answering constant JSON. Prints `ready <port>`.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`ready ${server.address().port}`));
