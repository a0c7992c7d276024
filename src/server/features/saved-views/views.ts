import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity } from '../../../../language/index.js';
import { addError, AppError, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import type { SavedView, ViewState } from '../../../shared/contracts/saved-views.js';

type Row = Record<string, unknown>;

/** Who asks: the user, and the roles they hold in the space. */
export interface Viewer {
  userId: number;
  roleIds: number[];
  isAdmin: boolean;
}

export const VIEW_NOT_FOUND = 'Visão não encontrada.';
const NOT_YOURS = 'Somente quem criou a visão pode alterá-la ou excluí-la.';
const NAME_TAKEN = 'Você já tem uma visão com este nome nesta lista.';
const MAX_NAME = 100;
const MAX_FILTER_KEYS = 50;
const MAX_STATE_BYTES = 10_000;

/** The roles a user holds in the space. */
export async function rolesOf(db: Kysely<SpaceDatabase>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('users_roles').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((row) => Number(row.role_id));
}

/** The roles a view may be shared with by the viewer: their own, or every one for an administrator; by name. */
export async function shareableRoles(db: Kysely<SpaceDatabase>, viewer: Viewer): Promise<{ id: number; name: string }[]> {
  if (!viewer.isAdmin && viewer.roleIds.length === 0) return [];
  let query = db.selectFrom('roles').select(['id', 'name']);
  if (!viewer.isAdmin) query = query.where('id', 'in', viewer.roleIds);
  const rows = await query.execute();
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name) })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The filter keys a list accepts: its fields, their `_gte`/`_lte` bounds, and `q`. */
const filterKeyOf = (entity: Entity, key: string) =>
  key === 'q' || entity.fields.some((f) => (f.column !== null || f.kind === 'references') && [f.name, `${f.name}_gte`, `${f.name}_lte`].includes(key));

/**
 * A view's state checked against the module's fields, each problem on its place
 * (`state.sort.field`): an unknown field would make the list answer 400 each time the view opens.
 */
function checkedState(entity: Entity, raw: unknown, errors: FieldErrors): ViewState {
  const state: ViewState = { filter: {}, sort: null, hidden_columns: [], per_page: null };
  if (raw === undefined || raw === null) return state;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    addError(errors, 'state', 'A visão deve ser um objeto.');
    return state;
  }
  if (JSON.stringify(raw).length > MAX_STATE_BYTES) {
    addError(errors, 'state', 'A visão é grande demais.');
    return state;
  }
  const given = raw as Row;
  if (given.filter !== undefined && given.filter !== null) {
    const filter = given.filter;
    if (typeof filter !== 'object' || Array.isArray(filter)) addError(errors, 'state.filter', 'Os filtros devem ser um objeto.');
    else if (Object.keys(filter).length > MAX_FILTER_KEYS) addError(errors, 'state.filter', `No máximo ${MAX_FILTER_KEYS} filtros.`);
    else {
      for (const [key, value] of Object.entries(filter as Row)) {
        if (!filterKeyOf(entity, key)) addError(errors, `state.filter.${key}`, 'Este campo não é um filtro desta lista.');
        else if (!isScalar(value) && !(Array.isArray(value) && value.every(isScalar))) addError(errors, `state.filter.${key}`, 'Valor de filtro inválido.');
        else state.filter[key] = value;
      }
    }
  }
  if (given.sort !== undefined && given.sort !== null) {
    const sort = given.sort as Row;
    const sortable = entity.fields.filter((f) => f.column !== null && !f.writeOnly && f.kind !== 'choices').map((f) => f.name);
    if (typeof sort !== 'object' || Array.isArray(sort)) addError(errors, 'state.sort', 'A ordenação deve ser um objeto.');
    else if (typeof sort.field !== 'string' || !sortable.includes(sort.field)) addError(errors, 'state.sort.field', 'Esta lista não se ordena por este campo.');
    else if (sort.order !== 'ASC' && sort.order !== 'DESC') addError(errors, 'state.sort.order', 'O sentido deve ser ASC ou DESC.');
    else state.sort = { field: sort.field, order: sort.order };
  }
  if (given.hidden_columns !== undefined && given.hidden_columns !== null) {
    const hidden = given.hidden_columns;
    if (!Array.isArray(hidden) || !hidden.every((name) => typeof name === 'string' && entity.fields.some((f) => f.name === name))) {
      addError(errors, 'state.hidden_columns', 'As colunas ocultas devem ser campos desta lista.');
    } else state.hidden_columns = [...new Set(hidden as string[])];
  }
  if (given.per_page !== undefined && given.per_page !== null) {
    const perPage = given.per_page;
    if (!Number.isInteger(perPage) || (perPage as number) < 1 || (perPage as number) > 500) addError(errors, 'state.per_page', 'Registros por página: de 1 a 500.');
    else state.per_page = perPage as number;
  }
  return state;
}

/** The name and role of a view as given, checked; the role only one the caller holds (or any, for an administrator). */
async function checkedFields(db: Kysely<SpaceDatabase>, viewer: Viewer, body: Row, errors: FieldErrors) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') addError(errors, 'name', 'O campo Nome deve ser um texto.');
  else if (!name) addError(errors, 'name', 'O campo Nome é obrigatório.');
  else if (name.length > MAX_NAME) addError(errors, 'name', `O campo Nome deve ter no máximo ${MAX_NAME} caracteres.`);
  let roleId: number | null = null;
  if (body.role_id !== undefined && body.role_id !== null && body.role_id !== '') {
    const given = body.role_id;
    if (!Number.isSafeInteger(given) || (given as number) < 1) addError(errors, 'role_id', 'Papel inválido.');
    else {
      const role = await db.selectFrom('roles').select('id').where('id', '=', given as number).executeTakeFirst();
      if (!role) addError(errors, 'role_id', 'Papel não encontrado.');
      else if (!viewer.isAdmin && !viewer.roleIds.includes(given as number)) addError(errors, 'role_id', 'Você só pode compartilhar a visão com um papel que você tem.');
      else roleId = given as number;
    }
  }
  return { name, roleId };
}

const asView = (row: Row, viewer: Viewer): SavedView => ({
  id: Number(row.id),
  module: String(row.module),
  name: String(row.name),
  role_id: row.role_id == null ? null : Number(row.role_id),
  role_name: (row.role_name as string | null) ?? null,
  mine: Number(row.user_id) === viewer.userId,
  state: row.state as ViewState,
});

const translated = (error: unknown): never => {
  if ((error as { code?: string })?.code === '23505') throw invalid({ name: [NAME_TAKEN] });
  throw error;
};

/** The views of a module's list the viewer may open: their own, then those shared with a role they hold; by name. */
export async function viewsOf(db: Kysely<SpaceDatabase>, viewer: Viewer, module: string): Promise<SavedView[]> {
  const rows = await db
    .selectFrom('saved_views as v')
    .leftJoin('roles as r', 'r.id', 'v.role_id')
    .select(['v.id', 'v.module', 'v.name', 'v.role_id', 'r.name as role_name', 'v.user_id', 'v.state'])
    .where('v.module', '=', module)
    .where((eb) => eb.or([eb('v.user_id', '=', viewer.userId), ...(viewer.roleIds.length ? [eb('v.role_id', 'in', viewer.roleIds)] : [])]))
    .execute();
  return rows.map((row) => asView(row, viewer)).sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name, 'pt-BR'));
}

/** Saves a new view of the entity's list for the viewer. */
export async function createView(db: Kysely<SpaceDatabase>, viewer: Viewer, entity: Entity, body: Row): Promise<SavedView> {
  const errors: FieldErrors = {};
  const { name, roleId } = await checkedFields(db, viewer, body, errors);
  const state = checkedState(entity, body.state, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const row = await db
    .insertInto('saved_views')
    .values({ user_id: viewer.userId, module: entity.module, name, role_id: roleId, state: JSON.stringify(state) })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(translated);
  return (await viewsOf(db, viewer, entity.module)).find((view) => view.id === Number(row.id))!;
}

/** The stored view of `id` when the viewer made it: 404 when they cannot see it, 403 when it is only shared with them. */
async function ownView(db: Kysely<SpaceDatabase>, viewer: Viewer, id: number): Promise<Row> {
  const row = await db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst();
  const visible = row && (Number(row.user_id) === viewer.userId || (row.role_id != null && viewer.roleIds.includes(Number(row.role_id))));
  if (!row || !visible) throw notFound(VIEW_NOT_FOUND);
  if (Number(row.user_id) !== viewer.userId) throw new AppError(403, NOT_YOURS);
  return row;
}

/** Renames, reshares or replaces the state of one of the viewer's views. */
export async function updateView(db: Kysely<SpaceDatabase>, viewer: Viewer, entityOf: (module: string) => Entity | undefined, id: number, body: Row): Promise<SavedView> {
  const stored = await ownView(db, viewer, id);
  const entity = entityOf(String(stored.module));
  if (!entity) throw notFound(VIEW_NOT_FOUND);
  const errors: FieldErrors = {};
  const { name, roleId } = await checkedFields(db, viewer, body, errors);
  const state = checkedState(entity, body.state, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await db.updateTable('saved_views').set({ name, role_id: roleId, state: JSON.stringify(state), updated_at: new Date() }).where('id', '=', id).execute().catch(translated);
  return (await viewsOf(db, viewer, entity.module)).find((view) => view.id === id)!;
}

/** Deletes one of the viewer's views. */
export async function deleteView(db: Kysely<SpaceDatabase>, viewer: Viewer, id: number): Promise<void> {
  await ownView(db, viewer, id);
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
