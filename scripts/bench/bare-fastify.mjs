// Yardstick 1: a bare Fastify app that answers the benchmarked paths with the response bytes
// captured from the real server, precomputed in memory. Plain JavaScript (no loader), like the
// built server it is compared with. Run as a child process:
//   node scripts/bench/bare-fastify.mjs <responses.json> <port>
// where responses.json maps "path?query" to the body text.
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([k, v]) => [k, Buffer.from(v)]));
const app = Fastify({ logger: false });

function send(key, reply) {
  const body = bodies.get(key);
  if (!body) return reply.code(404).send({ error: 'not captured' });
  return reply.type('application/json; charset=utf-8').send(body);
}

app.get('/api/agents/providers/:slug', (request, reply) => send(`/api/agents/providers/${request.params.slug}`, reply));
app.get('/api/agents/opinions', (request, reply) => {
  const slug = request.query.provider_slug;
  return send(slug ? `/api/agents/opinions?provider_slug=${slug}` : '/api/agents/opinions', reply);
});
app.get('/ready', async () => ({ status: 'ok' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
