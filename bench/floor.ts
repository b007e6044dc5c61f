// The speed floor: a bare Fastify server, no database, no plugins, answering each benchmarked
// route with a fixed body of the same bytes as the real server's response.
// Usage: node bench/floor.ts <port> <routes.json>, routes.json = [{ path, body (base64), encoding? }];
// with an encoding, the body is the real server's compressed bytes and goes out with that Content-Encoding.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, routesFile] = process.argv.slice(2);
if (!port || !routesFile) {
  console.error('usage: node bench/floor.ts <port> <routes.json>');
  process.exit(2);
}
const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as { path: string; body: string; encoding?: string }[];

const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  const encoding = route.encoding;
  app.get(route.path, (_request, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8');
    if (encoding) void reply.header('content-encoding', encoding);
    void reply.send(body);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
