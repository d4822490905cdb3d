/**
 * Serves the built web app from one process with the API: static files, and index.html for `/` and any other
 * GET outside /api so client routes work on reload. Without a build, only the API is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors/app-error.js';

/** Options of the web app: where its build is, and whether to serve its source maps (`.map` files). */
export interface WebPluginOptions {
  distDir: string | undefined;
  /** Serve `.map` files (SERVE_SOURCE_MAPS=true); otherwise they answer 404 like missing files (default false). */
  serveSourceMaps?: boolean;
}

/**
 * Serves the built web app (see the module comment). Source maps, which show the original source to anyone, are
 * served only when `serveSourceMaps` is set.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app, { distDir, serveSourceMaps = false }) => {
    const root = distDir !== undefined && fs.existsSync(distDir) ? distDir : undefined;
    if (!root) {
      app.setNotFoundHandler(async () => {
        throw notFound('Route');
      });
      return;
    }
    // Hashed assets never change, so browsers may keep them a year; index.html is always revalidated.
    // The build writes .br and .gz copies beside each text file; preCompressed sends the best one the browser accepts.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      maxAge: '365d',
      immutable: true,
      preCompressed: true,
      allowedPath: (pathName) => serveSourceMaps || !pathName.endsWith('.map'),
    });

    const sendApp = async (reply: FastifyReply) => {
      if (!fs.existsSync(path.join(root, 'index.html'))) throw notFound('Route');
      return reply.sendFile('index.html', { maxAge: 0, immutable: false });
    };
    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendApp(reply));
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isPage || url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/')) throw notFound('Route');
      return sendApp(reply);
    });
  },
  { name: 'web' },
);
