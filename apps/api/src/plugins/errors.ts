import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL data exceptions that only a value sent by the client can cause: a NUL
 * byte or other text the database cannot store (22021, 22P05), text that is not of the
 * column's type (22P02), a value too long or out of range (22001, 22003).
 */
const INPUT_REFUSED_BY_DATABASE = new Set(['22021', '22P05', '22P02', '22001', '22003']);
const sqlState = (err: unknown): unknown => ((err as { cause?: { code?: unknown } }).cause ?? (err as { code?: unknown })).code;

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

    if (INPUT_REFUSED_BY_DATABASE.has(String(sqlState(err)))) {
      // The route's schema should have refused this value; say so in the log, answer 400.
      request.log.warn({ err }, 'input refused by the database');
      return res.status(400).send(reply(400, 'Invalid input: a value contains characters or a size that cannot be stored'));
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
