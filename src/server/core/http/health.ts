import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from './route-contracts.js';

const health = {
  tags: ['health'], summary: 'Estado do servidor', security: [],
  response: {
    200: {
      description: 'OK',
      type: 'object',
      properties: {
        status: { const: 'ok' },
        version: { type: 'string' },
        jobs: {
          type: 'object',
          description: 'As tarefas de fundo deste processo, pelo nome: quantas vezes cada uma já rodou',
          additionalProperties: { type: 'object', properties: { turns: { type: 'integer', minimum: 0 } }, required: ['turns'] },
        },
      },
      required: ['status', 'version', 'jobs'],
    },
  },
} as const;

/**
 * `GET /api/health`: answers without authentication, so load balancers and monitors can call it;
 * `jobs` counts each background job's turns ended in this process (a stalled job stops counting).
 */
export async function healthRoutes(app: FastifyInstance, options: { version: string }) {
  app.withTypeProvider<ContractTypes>().get('/api/health', { schema: health, config: { public: true } }, async () => ({
    status: 'ok' as const,
    version: options.version,
    jobs: Object.fromEntries(Object.entries(app.scheduler.turns()).map(([name, turns]) => [name, { turns }])),
  }));
}
