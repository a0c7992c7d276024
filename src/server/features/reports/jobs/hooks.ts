import { invalid, type FieldErrors } from '../../../core/http/app-error.js';
import type { ModuleHooks } from '../../../core/resources/hooks.js';
import { REPORT_STATUS } from './queue.js';

export const OWNER_NOT_IN_DESIGN = 'A entidade escolhida não está entre as do modelo de relatório.';
export const MISSING_PARAMETER = (label: string) => `O parâmetro ${label} é obrigatório.`;
export const INACTIVE_DESIGN = 'O modelo de relatório escolhido está inativo.';

/**
 * `relatorio`: asking for a report (insert) is generating it: the design must be active, the owner
 * one of the design's entities (when it names any), and each required parameter of the design given.
 * The report starts in 1 Aguardando and records who asked; a process prints it (scheduler.ts).
 */
export const reportRequests: ModuleHooks = {
  transforms: ['status', 'requested_by'],
  async beforeWrite(trx, { mode, body }) {
    if (mode !== 'create') return;
    const design = await trx.selectFrom('report_design_types').selectAll().where('id', '=', Number(body.report_design_type_id)).executeTakeFirst();
    if (!design) return; // the reference check has said so
    const errors: FieldErrors = {};
    if (design.inactivated === true) errors.report_design_type_id = [INACTIVE_DESIGN];
    const owners = Array.isArray(design.owners) ? (design.owners as unknown[]) : [];
    if (owners.length > 0 && !owners.includes(body.owner)) errors.owner = [OWNER_NOT_IN_DESIGN];
    const given = body.used_parameters && typeof body.used_parameters === 'object' && !Array.isArray(body.used_parameters) ? (body.used_parameters as Record<string, unknown>) : {};
    const declared = await trx.selectFrom('report_design_type_parameters').selectAll().where('report_design_type_id', '=', design.id).orderBy('id').execute().catch(() => []);
    for (const parameter of declared) {
      const value = given[String(parameter.name)];
      if (parameter.required === true && (value === undefined || value === null || value === '')) errors[`used_parameters.${parameter.name}`] = [MISSING_PARAMETER(String(parameter.label ?? parameter.name))];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
  async afterWrite(trx, { mode, record, context }) {
    if (mode !== 'create') return;
    await trx.updateTable('reports').set({ status: REPORT_STATUS.waiting, requested_by: context.userId }).where('id', '=', Number(record.id)).execute();
    Object.assign(record, { status: REPORT_STATUS.waiting, requested_by: context.userId });
  },
};
