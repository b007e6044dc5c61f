import { ImageUploaded, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../errors.ts';
import type { AbuseLimits } from '../../config.ts';
import { storeImage } from './service.ts';
import { recordUpload } from './uploads.ts';

/**
 * The multipart parser's own errors (no boundary, a body cut short, a malformed part) carry
 * no status: they are the client's, a 400. Those of @fastify/multipart (limits) keep theirs.
 */
function malformed(err: unknown): never {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown })?.statusCode === 'number') throw err;
  throw badRequest('The multipart/form-data body is malformed');
}

const routes: FastifyPluginAsyncZod<{ uploadsDir: string; limits: AbuseLimits }> = async (app, opts) => {
  const { uploadsPerIp, uploadsPerIpDay } = opts.limits;
  app.post(
    '/api/images',
    {
      schema: {
        tags: ['images'],
        summary: 'Upload a picture (multipart field "image")',
        consumes: ['multipart/form-data'],
        response: { 201: ok(ImageUploaded) },
      },
      config: { keepsPublicCache: true },
      preHandler: async (request, reply) => {
        await app.limiter.take(reply, 'upload-ip', request.ip, uploadsPerIp, (wait) => `Too many picture uploads from this address, try again in ${wait}`);
        await app.limiter.take(reply, 'upload-ip-day', request.ip, uploadsPerIpDay, (wait) => `This address has uploaded as many pictures as a day allows, try again in ${wait}`);
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data in the field "image"');
      const file = await request.file().catch(malformed);
      if (!file || file.fieldname !== 'image') throw badRequest('Send the picture in the multipart field "image"');
      const buffer = await file.toBuffer().catch((err: unknown) => {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError(413, 'image is too large: at most 5 MB');
        return malformed(err);
      });
      const stored = await storeImage(buffer, opts.uploadsDir);
      await recordUpload(app.db, stored.name, stored.bytes, request.user?.id ?? null);
      return reply.status(201).send({ success: true as const, data: { url: stored.url } });
    },
  );
};

export default routes;
