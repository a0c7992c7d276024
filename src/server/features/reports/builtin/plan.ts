/**
 * A design resolved against the model and the run: the entity it reads (or none, when the module
 * is one a design may name but this installation does not have yet), the columns with their labels,
 * the grouping, and the list query its filters and search make with the parameters' values. Pure.
 */
import type { Entity, Field, Model } from '../../../../../language/index.js';
import { sortableFields } from '../../../core/resources/list-query.js';
import { ReportError, type ReportFormat } from '../engine.js';
import { DEFAULT_LIMIT, MAX_PDF_ROWS, type Design, type DesignValue } from './design.js';
import { isNumeric, isSummed, SHOWN_KINDS } from './values.js';

export interface PlannedColumn {
  label: string;
  /** Null when the module is absent (the report is empty). */
  field: Field | null;
  width: number | 'auto' | '*';
  numeric: boolean;
  summed: boolean;
}

export interface ReportPlan {
  title: string;
  subtitle: string | null;
  orientation: 'portrait' | 'landscape';
  entity: Entity | null;
  columns: PlannedColumn[];
  group: { field: Field; label: string } | null;
  totals: boolean;
  /** The list query (`filter`, `q`, `sort`, `order`) the rows are read with. */
  query: Record<string, unknown>;
  limit: number;
}

/** The module a design may report on while this installation lacks it: the owners `tipo_design_relatorio` offers. */
export function plannedModules(model: Model): Set<string> {
  const owners = model.byModule.get('tipo_design_relatorio')?.fields.find((f) => f.name === 'owners');
  return new Set((owners?.enumOptions ?? []).map((o) => String(o.value)));
}

/**
 * Checks the design against the model and the person's grants, and fills in the parameters.
 * @example planReport(design, model, { uf_id: 25 }, 'pdf', (p) => grants.has(p))
 */
export function planReport(design: Design, model: Model, values: Record<string, unknown>, format: ReportFormat, may: (permission: string) => boolean): ReportPlan {
  const module = design.source.module;
  const entity = model.byModule.get(module) ?? null;
  if (!entity && !plannedModules(model).has(module)) throw new ReportError(`O desenho do relatório lê o cadastro ${module}, que não existe.`);
  if (entity && entity.database !== 'space') throw new ReportError(`O cadastro ${entity.label.plural} não pode ser lido por um relatório.`);
  if (entity && entity.access !== 'any' && !may(`${entity.permission}.index`) && !may('admin')) {
    throw new ReportError(`Você não tem permissão para listar ${entity.label.plural}, que este relatório lê.`);
  }
  checkRequired(design, values);
  const limit = Math.min(design.source.limit ?? DEFAULT_LIMIT, format === 'pdf' ? MAX_PDF_ROWS : Number.MAX_SAFE_INTEGER);
  const base = { title: design.title, subtitle: design.subtitle ?? null, orientation: design.orientation ?? 'portrait', totals: design.totals ?? true, limit } as const;
  if (!entity) {
    const columns = design.columns.map((c) => ({ label: c.label ?? c.field, field: null, width: c.width ?? '*', numeric: false, summed: false }));
    return { ...base, entity: null, columns, group: null, query: {} };
  }
  const columns = design.columns.map((c, i) => {
    const field = shownField(entity, c.field, `/columns/${i}/field`);
    return { label: c.label ?? field.label, field, width: c.width ?? (isNumeric(field) ? 'auto' : '*'), numeric: isNumeric(field), summed: isSummed(field) };
  });
  const group = design.group_by ? { field: shownField(entity, design.group_by.field, '/group_by/field'), label: design.group_by.label ?? '' } : null;
  if (group) group.label ||= group.field.label;
  const sortable = sortableFields(entity);
  const sortName = group?.field.name ?? design.source.sort;
  if (sortName && !sortable.some((f) => f.name === sortName)) {
    throw new ReportError(`O desenho do relatório ordena ou agrupa ${entity.label.plural} por ${sortName}, e a lista não pode ser ordenada por esse campo: use um destes: ${sortable.map((f) => f.name).join(', ')}.`);
  }
  return { ...base, entity, columns, group, query: listQuery(design, values, sortName) };
}

function shownField(entity: Entity, name: string, at: string): Field {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new ReportError(`O desenho do relatório é inválido: ${at} nomeia ${name}, que não é um campo de ${entity.label.plural}.`);
  if (field.column === null || field.writeOnly || !SHOWN_KINDS.has(field.kind)) {
    throw new ReportError(`O desenho do relatório é inválido: ${at} nomeia ${name}, um campo que um relatório não mostra.`);
  }
  return field;
}

function checkRequired(design: Design, values: Record<string, unknown>) {
  const missing = (design.parameters ?? []).filter((p) => p.required && isEmpty(values[p.name]));
  if (missing.length) throw new ReportError(`Informe ${missing.map((p) => p.label).join(', ')} para gerar o relatório.`);
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A design value with the parameters filled in; undefined when it reads an empty parameter (the filter is left out). */
function resolved(value: DesignValue, values: Record<string, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const given = values[value.parameter];
  return isEmpty(given) ? undefined : given;
}

function listQuery(design: Design, values: Record<string, unknown>, sort: string | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(design.source.filters ?? {})) {
    const filled = Array.isArray(value) ? value.map((v) => resolved(v, values)).filter((v) => v !== undefined) : resolved(value, values);
    if (filled !== undefined && !(Array.isArray(filled) && filled.length === 0)) filter[name] = filled;
  }
  const q = design.source.search === undefined ? undefined : resolved(design.source.search, values);
  return {
    filter: JSON.stringify(filter),
    ...(typeof q === 'string' ? { q } : q !== undefined ? { q: String(q) } : {}),
    ...(sort ? { sort } : {}),
    ...(design.source.order ? { order: design.source.order } : {}),
  };
}
