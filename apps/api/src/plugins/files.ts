import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { errorBody } from '../errors.ts';
import { sendPage } from '../first-screen/page.ts';
import { loadWebRender } from '../first-screen/web-render.ts';
import type { PictureStore } from '../modules/images/store.ts';
import { makePrivateDir } from '../private-files.ts';
import { publicOrigin } from '../public-origin.ts';

/** An uploaded picture's name: '<uuid>.webp', or a size of it ('<uuid>.w400.webp'); group 1 is the picture's uuid, 2 the size. */
const storedName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.w\d{2,4})?\.webp$/;

/**
 * A picture that is not there: a smaller copy its job has not made yet leads to the picture's own file for now
 * (not cached, so the copy is asked for again later); anything else is not found.
 */
function missingPicture(path: string, reply: FastifyReply) {
  const copy = storedName.exec(path.slice('/uploads/'.length));
  if (copy?.[2]) return reply.header('cache-control', 'no-store').redirect(`/uploads/${copy[1]}.webp`, 307);
  return reply.status(404).send(errorBody('route_not_found', { method: reply.request.method, path }));
}

/**
 * Uploaded pictures under /uploads, the web app's files, and every page (the not-found handler: a page's first
 * screen and head, or a 404). Register last: the not-found handler answers what no route did.
 */
export default fp(
  async function files(app: FastifyInstance, { config, store }: { config: Config; store: PictureStore }) {
    makePrivateDir(config.uploadsDir);
    const hasWeb = existsSync(join(config.webDist, 'index.html'));
    const template = hasWeb ? readFileSync(join(config.webDist, 'index.html'), 'utf8') : '';
    const webRender = hasWeb ? await loadWebRender(config.webRender) : null;
    const immutable = (reply: FastifyReply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    };
    if (store.kind === 'disk') {
      await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', setHeaders: immutable, index: false });
    } else {
      // The demo's and the brands' pictures ship with the code, written by each instance at start: from its disk.
      const seedDir = join(config.uploadsDir, 'seed');
      makePrivateDir(seedDir);
      await app.register(fastifyStatic, { root: seedDir, prefix: '/uploads/seed/', setHeaders: immutable, index: false, decorateReply: false });
      // Uploads from the store, under the same addresses.
      app.get('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
        const { name } = request.params as { name: string };
        const picture = storedName.test(name) ? await store.read(name) : null;
        if (!picture) return missingPicture(request.url.split('?')[0]!, reply);
        immutable(reply);
        void reply.type('image/webp');
        if (picture.length !== undefined) void reply.header('content-length', picture.length);
        return reply.send(picture.body);
      });
    }
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        decorateReply: false,
        wildcard: false,
        // '/' is a page like the others (the not-found handler below), not the bare index.html.
        index: false,
        setHeaders: (reply, path) => {
          if (path.includes('/assets/')) immutable(reply);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const [path = ''] = request.url.split('?');
      if (request.method === 'GET' && path.startsWith('/uploads/')) return missingPicture(path, reply);
      const isPage = request.method === 'GET' && !path.startsWith('/api/');
      // The page's first screen and its own head come with its HTML; a sold phone is gone (410), what is no page is not found (404).
      if (isPage && webRender) return sendPage(app, { request, reply, template, webRender, origin: publicOrigin(app.server, config) });
      return reply.status(404).send(errorBody('route_not_found', { method: request.method, path }));
    });
  },
  { name: 'files' },
);
