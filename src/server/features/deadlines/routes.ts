/**
 * The deadline routes (spec 002 §7, docs/API.md 'Deadlines'):
 * - `POST /api/deadlines/` (`deadline.store`): a new deadline;
 * - `POST /api/deadlines/simulation` (any deadline permission, or the deadline types'): the moment it
 *   would end, nothing stored;
 * - `POST /api/deadlines/{alteration,suspension,reactivation,completion,cancellation}` (`deadline.update`);
 * - `GET /api/deadlines/histories/{id}` (`deadline.index`): the deadline with its history;
 * - `GET /api/deadlines/mine` (anyone signed in): 'Meus prazos', the caller's open deadlines with their reminders.
 * Bodies: `deadline_type_id`, `amount`, `base_moment` ('YYYY-MM-DD HH:mm:ss'), optional `uf_id`,
 * `city_id`, `notes`; on a deadline, `deadline_id` (and `document_id` for an alteration).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { notFound } from '../../core/http/app-error.js';
import { objectBody } from '../../core/http/body.js';
import { requireAny, sessionOf } from '../../core/http/session.js';
import { spaceOf } from '../../core/http/space.js';
import { parseId } from '../../core/resources/read.js';
import { readDeadlineInput } from './input.js';
import { createDeadline, DEADLINE_NOT_FOUND, operateOnDeadline, SIMULATION_MESSAGE, simulateDeadline } from './operations.js';
import { deadlineAnswer, deadlineRow } from './read.js';
import { myDeadlines } from './reminders/mine.js';

export const DEADLINE_PERMISSIONS = { index: 'deadline.index', store: 'deadline.store', update: 'deadline.update' } as const;
const SIMULATE = [DEADLINE_PERMISSIONS.index, DEADLINE_PERMISSIONS.store, DEADLINE_PERMISSIONS.update, 'deadlineType.index', 'deadlineType.show'];

const OPERATIONS = ['alteration', 'suspension', 'reactivation', 'completion', 'cancellation'] as const;
const DONE: Record<(typeof OPERATIONS)[number], string> = {
  alteration: 'Prazo alterado com sucesso',
  suspension: 'Prazo suspenso com sucesso',
  reactivation: 'Prazo reativado com sucesso',
  completion: 'Prazo concluído com sucesso',
  cancellation: 'Prazo cancelado com sucesso',
};

export async function deadlineRoutes(app: FastifyInstance) {
  const db = (request: Parameters<typeof spaceOf>[0]) => spaceOf(request).db as Kysely<SpaceDatabase>;

  for (const path of ['/api/deadlines', '/api/deadlines/']) {
    app.post(path, async (request, reply) => {
      const session = requireAny(request, [DEADLINE_PERMISSIONS.store]);
      const input = readDeadlineInput('creation', objectBody(request.body));
      const data = await createDeadline(db(request), input, { userId: session.user.id });
      return reply.status(201).send({ data, message: 'Prazo incluído com sucesso' });
    });
  }

  app.post('/api/deadlines/simulation', async (request) => {
    requireAny(request, SIMULATE);
    const input = readDeadlineInput('simulation', objectBody(request.body));
    return { data: await simulateDeadline(db(request), input), message: SIMULATION_MESSAGE };
  });

  for (const operation of OPERATIONS) {
    app.post(`/api/deadlines/${operation}`, async (request) => {
      const session = requireAny(request, [DEADLINE_PERMISSIONS.update]);
      const input = readDeadlineInput(operation, objectBody(request.body));
      return { data: await operateOnDeadline(db(request), operation, input, { userId: session.user.id }), message: DONE[operation] };
    });
  }

  app.get<{ Params: { id: string } }>('/api/deadlines/histories/:id', async (request) => {
    requireAny(request, [DEADLINE_PERMISSIONS.index, DEADLINE_PERMISSIONS.update]);
    const id = parseId(request.params.id, DEADLINE_NOT_FOUND);
    if (!(await deadlineRow(db(request), id))) throw notFound(DEADLINE_NOT_FOUND);
    return { data: await deadlineAnswer(db(request), id) };
  });

  // Only the caller's own deadlines (those they are reminded of), whatever their permissions.
  app.get('/api/deadlines/mine', async (request) => ({ data: await myDeadlines(db(request), sessionOf(request).user.id) }));
}
