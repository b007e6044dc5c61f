import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, appError, badRequest } from '../../errors.ts';
import { route } from '../../route.ts';
import { storeImage } from './service.ts';
import type { PictureStore } from './store.ts';
import { recordUpload } from './uploads.ts';

/**
 * The multipart parser's own errors (no boundary, a body cut short, a malformed part) carry
 * no status: they are the client's, a 400. Those of @fastify/multipart (limits) keep theirs.
 */
function malformed(err: unknown): never {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown })?.statusCode === 'number') throw err;
  throw badRequest('malformed_multipart');
}

export default async function imageRoutes(app: FastifyInstance, opts: { store: PictureStore }) {
  route(app, e.uploadImage, async ({ request, user }) => {
    if (!request.isMultipart()) throw badRequest('image_not_multipart');
    const file = await request.file().catch(malformed);
    if (!file || file.fieldname !== 'image') throw badRequest('image_field_missing');
    const buffer = await file.toBuffer().catch((err: unknown) => {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw appError(413, 'image_too_large');
      return malformed(err);
    });
    const stored = await storeImage(buffer, opts.store);
    await recordUpload(app.db, stored, user?.id ?? null);
    app.jobs.nudge();
    return { url: stored.url };
  });
}
