/**
 * A design resolved against the model and the run: the entity it reads (or none, when the module
 * is one a design may name but this installation does not have yet), the columns with their labels,
 * the grouping, and the list query its filters and search make with the parameters' values. Pure.
 */
import type { Entity, Field, Model } from '../../../../../language/index.js';
import { sortableFields } from '../../../core/resources/list-query.js';
import { ReportError, type ReportFormat } from '../engine.js';
import type { DatasetField, ReportDataset } from './dataset.js';
import { REPORT_DATASETS } from './datasets.js';
import { DEFAULT_LIMIT, MAX_PDF_ROWS, type Design, type DesignValue } from './design.js';
import { isNumeric, isSummed, SHOWN_KINDS } from './values.js';

export interface PlannedColumn {
  /** The field's or data set field's name. */
  name: string;
  label: string;
  /** The module's field; null for a data set's, or when the module is absent (the report is empty). */
  field: Field | null;
  /** How its values are read: the field's kind or the data set field's (`money`, `date`…). */
  kind: string;
  width: number | 'auto' | '*';
  numeric: boolean;
  summed: boolean;
}

/** What rows are grouped or summarised by: a module's field, or a data set's (field null). */
export interface PlannedKey {
  name: string;
  label: string;
  field: Field | null;
}

export interface ReportPlan {
  title: string;
  subtitle: string | null;
  orientation: 'portrait' | 'landscape';
  entity: Entity | null;
  /** The data set read instead of a module, with its arguments filled in. */
  dataset: { source: ReportDataset; arguments: Record<string, unknown> } | null;
  columns: PlannedColumn[];
  group: PlannedKey | null;
  totals: boolean;
  summaries: PlannedKey[];
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
  if (design.source.dataset !== undefined) return planDataset(design, values, format, may);
  const module = design.source.module!;
  const entity = model.byModule.get(module) ?? null;
  if (!entity && !plannedModules(model).has(module)) throw new ReportError(`O desenho do relatório lê o cadastro ${module}, que não existe.`);
  if (entity && entity.database !== 'space') throw new ReportError(`O cadastro ${entity.label.plural} não pode ser lido por um relatório.`);
  if (entity && entity.access !== 'any' && !may(`${entity.permission}.index`) && !may('admin')) {
    throw new ReportError(`Você não tem permissão para listar ${entity.label.plural}, que este relatório lê.`);
  }
  checkRequired(design, values);
  const base = basePlan(design, format);
  if (!entity) {
    const columns = design.columns.map((c) => ({ name: c.field, label: c.label ?? c.field, field: null, kind: 'text', width: c.width ?? '*', numeric: false, summed: false }));
    return { ...base, entity: null, columns, group: null, summaries: [], query: {} };
  }
  const columns = design.columns.map((c, i) => {
    const field = shownField(entity, c.field, `/columns/${i}/field`);
    return { name: field.name, label: c.label ?? field.label, field, kind: field.kind, width: c.width ?? (isNumeric(field) ? 'auto' : '*'), numeric: isNumeric(field), summed: isSummed(field) };
  });
  const key = (name: string, label: string | undefined, at: string): PlannedKey => {
    const field = shownField(entity, name, at);
    return { name: field.name, label: label ?? field.label, field };
  };
  const group = design.group_by ? key(design.group_by.field, design.group_by.label, '/group_by/field') : null;
  const summaries = (design.summaries ?? []).map((s, i) => key(s.field, s.label, `/summaries/${i}/field`));
  const sortable = sortableFields(entity);
  const sortName = group?.name ?? design.source.sort;
  if (sortName && !sortable.some((f) => f.name === sortName)) {
    throw new ReportError(`O desenho do relatório ordena ou agrupa ${entity.label.plural} por ${sortName}, e a lista não pode ser ordenada por esse campo: use um destes: ${sortable.map((f) => f.name).join(', ')}.`);
  }
  return { ...base, entity, columns, group, summaries, query: listQuery(design, values, sortName) };
}

function basePlan(design: Design, format: ReportFormat) {
  const limit = Math.min(design.source.limit ?? DEFAULT_LIMIT, format === 'pdf' ? MAX_PDF_ROWS : Number.MAX_SAFE_INTEGER);
  return { title: design.title, subtitle: design.subtitle ?? null, orientation: design.orientation ?? 'portrait', totals: design.totals ?? true, limit, dataset: null } as const;
}

const DATASET_NUMERIC = new Set(['money', 'integer']);

/** A design over a data set: its fields by name, its grant, its arguments with the parameters filled in. */
function planDataset(design: Design, values: Record<string, unknown>, format: ReportFormat, may: (permission: string) => boolean): ReportPlan {
  const name = design.source.dataset!;
  const source = Object.hasOwn(REPORT_DATASETS, name) ? REPORT_DATASETS[name] : undefined;
  if (!source) throw new ReportError(`O desenho do relatório lê o conjunto de dados ${name}, que não existe.`);
  for (const key of ['filters', 'search', 'sort'] as const) {
    if (design.source[key] !== undefined) throw new ReportError(`O desenho do relatório é inválido: /source/${key} vale só para um cadastro; um conjunto de dados lê arguments.`);
  }
  if (!may(source.permission) && !may('admin')) throw new ReportError(`Você não tem permissão para listar ${source.label}, que este relatório lê.`);
  const fieldOf = (field: string, at: string): DatasetField => {
    const found = source.fields.find((f) => f.name === field);
    if (!found) throw new ReportError(`O desenho do relatório é inválido: ${at} nomeia ${field}, que não é um campo do conjunto de dados ${name}.`);
    return found;
  };
  const args: Record<string, unknown> = {};
  for (const [argument, value] of Object.entries(design.source.arguments ?? {})) {
    if (!source.arguments.includes(argument)) throw new ReportError(`O desenho do relatório é inválido: /source/arguments/${argument} não é lido pelo conjunto de dados ${name} (lê ${source.arguments.join(', ')}).`);
    const filled = resolved(value, values);
    if (filled !== undefined) args[argument] = filled;
  }
  checkRequired(design, values);
  const columns = design.columns.map((c, i) => {
    const field = fieldOf(c.field, `/columns/${i}/field`);
    const numeric = DATASET_NUMERIC.has(field.kind);
    return { name: field.name, label: c.label ?? field.label, field: null, kind: field.kind, width: c.width ?? (numeric ? 'auto' : '*'), numeric, summed: field.kind === 'money' };
  });
  const key = (field: string, label: string | undefined, at: string): PlannedKey => {
    const found = fieldOf(field, at);
    return { name: found.name, label: label ?? found.label, field: null };
  };
  const group = design.group_by ? key(design.group_by.field, design.group_by.label, '/group_by/field') : null;
  const summaries = (design.summaries ?? []).map((s, i) => key(s.field, s.label, `/summaries/${i}/field`));
  return { ...basePlan(design, format), entity: null, dataset: { source, arguments: args }, columns, group, summaries, query: {} };
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
