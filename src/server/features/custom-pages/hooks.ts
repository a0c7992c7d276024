import type { FastifyRequest } from 'fastify';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import { spaceOf } from '../../core/http/space.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import type { ReadHooks } from '../../core/resources/read-hooks.js';
import { hasContent, sanitizeContent } from './sanitize.js';

/** The `tenant_configs` id of the request's space, read from the platform database; null in the default space, which has none. */
export async function spaceConfigId(request: FastifyRequest | undefined): Promise<number | null> {
  if (!request) return null;
  const space = spaceOf(request);
  if (space.isDefault !== false || !request.platform) return null;
  const row = await request.platform.selectFrom('tenant_configs').select('id').where('tenant_name', '=', space.name).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/**
 * `pagina_dinamica`: the content is stored sanitised (sanitize.ts) whatever the caller sent (and
 * refused as missing when nothing is left of it), and the page belongs to the space it was created
 * in (`tenant_config_id`, server-set: a value in the body is dropped by validation). Both are written after the record, in its transaction, and named in
 * `transforms`, since the body itself is never changed.
 */
export const customPageWrites: ModuleHooks<SpaceDatabase> = {
  transforms: ['content', 'tenant_config_id'],
  // Content that is nothing once sanitised (only a script, say) is no content: the field is required.
  beforeWrite(_trx, { entity, body }) {
    if ('content' in body && !hasContent(sanitizeContent(body.content))) {
      const label = entity.fields.find((f) => f.name === 'content')?.label ?? 'Conteúdo';
      throw invalid({ content: [`O campo ${label} é obrigatório.`] });
    }
  },
  async afterWrite(trx, { mode, record, context }) {
    const id = Number(record.id);
    const content = sanitizeContent(record.content);
    const changes: { content?: string; tenant_config_id?: number | null } = {};
    if (content !== record.content) changes.content = content;
    if (mode === 'create') {
      const configId = await spaceConfigId(context.request);
      if (configId !== record.tenant_config_id) changes.tenant_config_id = configId;
    }
    if (Object.keys(changes).length === 0) return;
    await trx.updateTable('custom_pages').set(changes).where('id', '=', id).execute();
    Object.assign(record, changes);
  },
};

/** What was stored is sanitised again whenever it is read (a row written before a stricter rule, or by hand). */
export const customPageReads: ReadHooks<SpaceDatabase> = {
  list(rows) {
    for (const row of rows) if ('content' in row) row.content = sanitizeContent(row.content);
  },
  show(record) {
    record.content = sanitizeContent(record.content);
  },
};
