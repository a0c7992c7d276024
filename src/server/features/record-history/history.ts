import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Entity, Field, Model } from '../../../../language/index.js';
import { dynamic, type DynamicDatabase } from '../../core/db/dynamic.js';
import { recordHistory } from '../../core/audit/index.js';
import { AppError, badRequest, invalid, notFound } from '../../core/http/app-error.js';
import { findRecord, updateRecord, type WriteContext } from '../../core/resources/index.js';
import type { StoredRecordVersion as RecordVersion } from '../../../shared/contracts/record-history.js';
import { exportText, referenceNamer, type ExportColumn } from '../../core/resources/export-values.js';
import { versionOf } from '../../core/resources/versions.js';
import { CHANGE_EVENTS, changedFields, restoreBody, stateAfter, type AuditRow } from './versions.js';

type Row = Record<string, unknown>;

const VERSION_NOT_FOUND = 'Versão não encontrada.';
const ALREADY_SO = 'O registro já está como nesta versão.';
const NO_ITEMS = 'Nenhum item';
const NOT_RESTORED = 'Esta versão não pode ser restaurada.';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** A value as the history shows it: a sub-list by its number of items, everything else as an export writes it. */
function shown(field: Field | undefined, value: unknown, text: (field: Field, value: unknown) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (!field) return typeof value === 'string' ? value : JSON.stringify(value);
  if (field.sublist) return !Array.isArray(value) ? '' : value.length === 0 ? NO_ITEMS : plural(value.length, 'item', 'itens');
  return text(field, value);
}

/**
 * A record's history, newest first: each audit row with the fields it changed under their pt-BR
 * labels (referenced records by name), and whether the record can be brought back to it.
 */
export async function recordVersions(
  db: Kysely<SpaceDatabase>, model: Model, entity: Entity, id: number, options: { mayUpdate: boolean; dbOf: (referenced: Entity) => DynamicDatabase },
): Promise<RecordVersion[]> {
  const current = await findRecord(dynamic(db), entity, id);
  const trail = (await recordHistory(db, entity.module, id)) as (AuditRow & Row & { created_at: Date | string })[];
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  const columns: ExportColumn[] = entity.fields.map((field) => ({ field, header: field.label }));
  const namesOf = referenceNamer(model, options.dbOf, columns);
  const names = await namesOf(trail.flatMap((row) => [row.old_values ?? {}, row.new_values ?? {}]));
  const text = (field: Field, value: unknown) => exportText(field, value, names);
  const offered = options.mayUpdate && entity.operations.update;
  const eventNames = model.byModule.get('auditoria')?.fields.find((f) => f.name === 'event')?.enumOptions ?? [];
  const eventLabel = (event: string) => eventNames.find((option) => option.value === event)?.label ?? event;
  return trail.map((row) => {
    const keys = [...new Set([...Object.keys(row.old_values ?? {}), ...Object.keys(row.new_values ?? {})])]
      .filter((key) => key !== 'id' && key !== 'created_at' && key !== 'updated_at' && (!fields.has(key) || fields.get(key)!.inForm));
    const changes = keys
      .map((key) => ({ field: key, label: fields.get(key)?.label ?? key, before: shown(fields.get(key), row.old_values?.[key], text), after: shown(fields.get(key), row.new_values?.[key], text) }))
      // A new record's empty lists are no change worth reading.
      .filter((change) => change.before !== change.after && !(change.before === '' && change.after === NO_ITEMS));
    const isChange = CHANGE_EVENTS.has(row.event);
    return {
      id: Number(row.id),
      event: row.event,
      event_label: eventLabel(row.event),
      created_at: row.created_at,
      user_name: (row.user_name as string | null) ?? null,
      user_email: (row.user_email as string | null) ?? null,
      changes,
      restorable: offered && isChange && changedFields(entity, current, stateAfter(current, trail, Number(row.id))).length > 0,
    };
  });
}

/**
 * Brings a record back to how the audit row `versionId` left it: an ordinary update of the fields
 * that differ (so every rule of a save applies, and a refusal is the save's 422), audited as
 * `restored`. `expected` is the version the caller saw; the record read here is expected too, so a
 * save made meanwhile answers 409 instead of being undone unseen.
 */
export async function restoreVersion(db: Kysely<SpaceDatabase>, entity: Entity, id: number, versionId: number, context: WriteContext, expected: number[][]) {
  const current = await findRecord(dynamic(db), entity, id);
  const trail = (await recordHistory(db, entity.module, id)) as AuditRow[];
  const target = trail.find((row) => Number(row.id) === versionId);
  if (!target || !CHANGE_EVENTS.has(target.event)) throw notFound(VERSION_NOT_FOUND);
  const version = stateAfter(current, trail, versionId);
  if (changedFields(entity, current, version).length === 0) throw badRequest(ALREADY_SO);
  const body = restoreBody(entity, current, version);
  const seen = versionOf(current.updated_at);
  try {
    return await updateRecord(dynamic(db), entity, id, body, { ...context, auditEvent: 'restored' }, seen === null ? expected : [...expected, [seen]]);
  } catch (error) {
    // The form the messages belong to is not open: the answer names each field by its label.
    if (!(error instanceof AppError) || error.status !== 422 || !error.errors) throw error;
    const label = (path: string) => entity.fields.find((f) => f.name === path.split('.')[0])?.label ?? path;
    const reasons = Object.entries(error.errors).map(([path, messages]) => `${label(path)}: ${messages[0]}`);
    throw invalid(error.errors, `${NOT_RESTORED} ${reasons.join(' ')}`);
  }
}
