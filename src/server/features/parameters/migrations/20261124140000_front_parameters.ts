import type { DynamicDatabase } from '../../../core/db/dynamic.js';

/**
 * The front parameters the client reads with the initial load: the theme colour of the top bar (the
 * palette's blue by default) and the system name shown before every page title (empty by default:
 * the space's own system name, then 'Conselho').
 */
export async function up(db: DynamicDatabase): Promise<void> {
  await db
    .insertInto('parameters')
    .values([
      { name: 'theme_color', label: 'Cor do tema', scope: 'front', type: 'color', value: null, default_value: '#3ac9d6', use_default: true, minimum: null, maximum: null },
      { name: 'system_name', label: 'Nome do sistema', scope: 'front', type: 'text', value: null, default_value: null, use_default: true, minimum: null, maximum: null },
    ])
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function down(db: DynamicDatabase): Promise<void> {
  await db.deleteFrom('parameters').where('name', 'in', ['theme_color', 'system_name']).execute();
}
