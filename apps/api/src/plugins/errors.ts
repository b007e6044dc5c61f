import { ErrorBody, type ErrorCode } from '@market/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorBody } from '../errors.ts';

/**
 * PostgreSQL data exceptions that only a value sent by the client can cause: a NUL
 * byte or other text the database cannot store (22021, 22P05), text that is not of the
 * column's type (22P02), a value too long or out of range (22001, 22003).
 */
const INPUT_REFUSED_BY_DATABASE = new Set(['22021', '22P05', '22P02', '22001', '22003']);
const sqlState = (err: unknown): unknown => ((err as { cause?: { code?: unknown } }).cause ?? (err as { code?: unknown })).code;

/** The framework's and its plugins' own 4xx refusals, by their error code; their messages are the contract's words for these codes. */
const FRAMEWORK_CODES = new Map<string, ErrorCode>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'payload_too_large'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'unsupported_media_type'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'empty_json_body'],
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'malformed_json'],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'content_length_mismatch'],
  ['FST_PARTS_LIMIT', 'multipart_parts_limit'],
  ['FST_FILES_LIMIT', 'multipart_files_limit'],
  ['FST_FIELDS_LIMIT', 'multipart_fields_limit'],
  ['FST_PROTO_VIOLATION', 'multipart_proto_field'],
]);

/**
 * A framework error's body: a code of its own when the contract has one (the router's refusals name the
 * part of the URL at fault); else, for a 4xx, its words as `request_refused`; a 5xx says nothing of itself.
 */
export function frameworkErrorBody(err: FastifyError, status: number) {
  const code = FRAMEWORK_CODES.get(err.code);
  if (code) return errorBody(code);
  const badUrl = err.code === 'FST_ERR_BAD_URL' && /^'(.*)' is not a valid url component$/s.exec(err.message);
  if (badUrl) return errorBody('bad_url', { part: badUrl[1]! });
  const longParam = err.code === 'FST_ERR_MAX_PARAM_LENGTH' && /^'(.*)' is exceeding the max param length$/s.exec(err.message);
  if (longParam) return errorBody('param_too_long', { param: longParam[1]! });
  if (status === 429) return errorBody('too_many_requests');
  return status < 500 ? errorBody('request_refused', { detail: err.message }) : errorBody('server_error');
}

/** Schemas the API documentation names once, in its components: every refusal's body. */
export const documentedSchemas = z.registry<{ id: string }>();
documentedSchemas.add(ErrorBody, { id: 'ErrorBody' });

/** One place turns every failure into `{ success: false, message, massage, code, params? }` with the right status. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, res) => {
    if (err instanceof AppError) return res.status(err.status).send(errorBody(err.code, err.params));

    if (hasZodFastifySchemaValidationErrors(err)) {
      // The English message as before; `fields` lets a client point at each field in its own words.
      const where = err.validationContext ?? 'request';
      const fields = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        problem: v.message ?? 'is invalid',
      }));
      const problems = fields.map((f) => `${f.field} ${f.problem}`.trim()).join('; ');
      return res.status(400).send(errorBody('invalid_input', { where, problems }, fields));
    }

    if (INPUT_REFUSED_BY_DATABASE.has(String(sqlState(err)))) {
      // The route's schema should have refused this value; say so in the log, answer 400.
      request.log.warn({ err }, 'input refused by the database');
      return res.status(400).send(errorBody('invalid_input', { where: 'input', problems: 'a value contains characters or a size that cannot be stored' }));
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return res.status(status).send(frameworkErrorBody(err, status));

    request.log.error({ err }, 'unhandled error');
    return res.status(500).send(errorBody('server_error'));
  });
});
