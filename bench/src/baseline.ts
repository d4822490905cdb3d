/**
 * The benchmark's baseline: a bare Fastify route answering a precomputed page (read from the file named by
 * BASELINE_PAGE_FILE), serialised per request, on PORT. Every case is reported as a ratio to it.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const page: unknown = JSON.parse(fs.readFileSync(process.env.BASELINE_PAGE_FILE ?? '', 'utf8'));
const app = Fastify({ logger: false });
app.get('/page', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(page)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
