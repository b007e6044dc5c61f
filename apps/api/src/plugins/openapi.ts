import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withErrorAnswers } from '../openapi-errors.ts';
import { documentedSchemas } from './errors.ts';

/** The OpenAPI document of every route registered after it (from their descriptors' schemas), and its UI at /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Resale phone marketplace API', version: '1.0.0' },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
        security: [{ token: [] }],
      },
      // ErrorBody, every refusal's body (codes: packages/contract/src/errors.ts), is among the components.
      // Each operation's refusals, by status and code, from its descriptor.
      transform: withErrorAnswers(createJsonSchemaTransform({ schemaRegistry: documentedSchemas })),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas }),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
