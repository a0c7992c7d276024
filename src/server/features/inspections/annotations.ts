/**
 * What an action's annotations and infractions need beyond their schemas (spec 002 §3–§5,
 * docs/INSPECTIONS.md), and what pendencies share with them (pendencies.ts):
 * - each belongs to an action that is neither cancelled nor concluded (409 otherwise);
 * - an annotation's date and an infraction's start date are required on edit;
 * - an infraction's or a pendency's annotation is one of its action's, and its type one of those the
 *   annotation's type admits;
 * - a deleted annotation takes its infractions and pendencies with it.
 */
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { conflict, invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import type { ResourceRegistry } from '../../core/resources/registry.js';
import { CANCELLED_UNCHANGED, CONCLUDED_UNCHANGED, deleteDependants } from './actions.js';

type Db = Kysely<SpaceDatabase>;
type Row = Readonly<Record<string, unknown>>;

export const DATE_REQUIRED = 'O campo Data é obrigatório.';
export const START_DATE_REQUIRED = 'O campo Data de início é obrigatório.';
export const ANNOTATION_OF_ANOTHER_ACTION = 'A anotação selecionada não pertence a esta ação de fiscalização.';
export const INFRACTION_TYPE_NOT_ADMITTED = 'O tipo de anotação não admite este tipo de infração.';

export const after = (body: Row, previous: Row | undefined, field: string) => (field in body ? body[field] : previous?.[field]) ?? null;

/** The action a child is written under: neither cancelled nor concluded. */
export async function refuseClosedAction(trx: Db, actionId: unknown): Promise<void> {
  if (actionId == null) return;
  const action = await trx.selectFrom('inspection_actions').select(['canceled', 'concluded']).where('id', '=', Number(actionId)).executeTakeFirst();
  if (action?.canceled === true) throw conflict(CANCELLED_UNCHANGED);
  if (action?.concluded === true) throw conflict(CONCLUDED_UNCHANGED);
}

/** A child's annotation is one of its action's, and the annotation's type admits the child's type. */
export async function annotationAdmits(trx: Db, body: Row, previous: Row | undefined, typeField: string, join: 'inspection_annotation_type_infraction_types' | 'inspection_annotation_type_pendency_types', message: string): Promise<FieldErrors> {
  const annotationId = after(body, previous, 'inspection_action_annotation_id');
  if (annotationId == null) return {};
  const annotation = await trx.selectFrom('inspection_action_annotations').select(['inspection_action_id', 'inspection_annotation_type_id']).where('id', '=', Number(annotationId)).executeTakeFirst();
  if (!annotation) return {};
  if (Number(annotation.inspection_action_id) !== Number(after(body, previous, 'inspection_action_id'))) return { inspection_action_annotation_id: [ANNOTATION_OF_ANOTHER_ACTION] };
  const typeColumn = join === 'inspection_annotation_type_infraction_types' ? 'inspection_infraction_type_id' : 'pendency_type_id';
  const admitted = await trx
    .selectFrom(join)
    .select('inspection_annotation_type_id')
    .where('inspection_annotation_type_id', '=', Number(annotation.inspection_annotation_type_id))
    .where(typeColumn as 'inspection_annotation_type_id', '=', Number(after(body, previous, typeField)))
    .executeTakeFirst();
  return admitted ? {} : { [typeField]: [message] };
}

function requiredOnEdit(mode: string, body: Row, previous: Row | undefined, field: string, message: string): FieldErrors {
  return mode !== 'create' && after(body, previous, field) == null ? { [field]: [message] } : {};
}

export function refuse(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw invalid(errors);
}

/** An annotation (`anotacoes_acao_fiscalizacao`): its action open, its date required on edit. */
export const annotationRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { mode, body, previous }) {
    if (previous) await refuseClosedAction(trx, previous.inspection_action_id);
    await refuseClosedAction(trx, after(body, previous, 'inspection_action_id'));
    refuse(requiredOnEdit(mode, body, previous, 'date', DATE_REQUIRED));
  },
};

/** A deleted annotation takes its pendencies and infractions with it. */
export const annotationDependants = (resources: ResourceRegistry): ModuleHooks<SpaceDatabase> => ({
  async beforeDelete(trx, { id, context }) {
    await deleteDependants(trx, resources, context, [
      ['pendencias_acao_fiscalizacao', 'inspection_action_pendencies', 'inspection_action_annotation_id'],
      ['infracoes_acao_fiscalizacao', 'inspection_action_infractions', 'inspection_action_annotation_id'],
    ], id);
  },
});

/** An infraction (`infracoes_acao_fiscalizacao`): its action open, its annotation the action's, admitting its type; start date required on edit. */
export const infractionRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { mode, body, previous }) {
    if (previous) await refuseClosedAction(trx, previous.inspection_action_id);
    await refuseClosedAction(trx, after(body, previous, 'inspection_action_id'));
    refuse({
      ...requiredOnEdit(mode, body, previous, 'start_date', START_DATE_REQUIRED),
      ...(await annotationAdmits(trx, body, previous, 'inspection_infraction_type_id', 'inspection_annotation_type_infraction_types', INFRACTION_TYPE_NOT_ADMITTED)),
    });
  },
};

