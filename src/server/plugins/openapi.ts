/** The OpenAPI document (/api/openapi.json) and the API docs page (/api/docs). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Nambala API',
        description: 'The registry, marketplace and verification service for Zambian vehicle licence plates.',
        version,
      },
      components: {
        securitySchemes: {
          // The partner API's keys (docs/partner-api.md): "Authorization: Bearer nmb_…".
          partnerKey: { type: 'http', scheme: 'bearer', description: 'A partner API key issued by the administrator' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
}
