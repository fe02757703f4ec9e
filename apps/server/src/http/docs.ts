import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const MULTIPART_FILE = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'the image, JPEG or PNG' } },
};

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tidemark API',
        version: '1.0.0',
        description:
          'Every answer is HTTP 200 with `{ type: "ok" | "error" | "999", message }`. Bodies are ' +
          'form-urlencoded (multipart for uploads). Send the session token in `Authorization` and ' +
          'the language (zh, hk, en, kr, jp, spa) in `lang`. Money is a decimal string with at most ' +
          '8 decimals; times are epoch milliseconds.',
      },
      components: {
        securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // an upload's file is read from the stream, not validated as a body: describe it here
      if (input.route.config?.call?.encoding !== 'multipart') return output;
      return { ...output, schema: { ...output.schema, body: MULTIPART_FILE } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
