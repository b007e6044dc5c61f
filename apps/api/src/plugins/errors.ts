import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const reply = (status: number, message: string) => ({ success: false as const, message, massage: message });

/** One place turns every failure into `{ success: false, message, massage }` with the right status. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, res) => {
    if (err instanceof AppError) return res.status(err.status).send(reply(err.status, err.message));

    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const problems = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${field || where} ${v.message ?? 'is invalid'}`.trim();
      });
      return res.status(400).send(reply(400, `Invalid ${where}: ${problems.join('; ')}`));
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? 'Too many requests, please try again later' : err.message;
      return res.status(status).send(reply(status, message));
    }

    request.log.error({ err }, 'unhandled error');
    return res.status(500).send(reply(500, 'Something went wrong on our side'));
  });
});
