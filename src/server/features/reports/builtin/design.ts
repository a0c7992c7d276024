/**
 * The built-in engine's design format (docs/REPORTS.md): a JSON file naming a title, the parameters
 * a person fills in, the module whose list the report reads (with the list's own filters, search and
 * order), the columns, an optional grouping with subtotals and the row limit. A design is read from
 * a file someone uploaded: anything it does not say exactly is a ReportError in pt-BR, never a crash.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { ReportError } from '../engine.js';

/** The most rows a report reads (`source.limit` may ask for fewer); a PDF takes fewer still. */
export const MAX_ROWS = 100_000;
export const MAX_PDF_ROWS = 20_000;
/** What a report reads when the design names no limit. */
export const DEFAULT_LIMIT = 20_000;

export type ParameterType = 'text' | 'integer' | 'date' | 'boolean' | 'reference';

export interface DesignParameter {
  name: string;
  label: string;
  type: ParameterType;
  required?: boolean;
  /** For `reference`: the module whose record is chosen. */
  module?: string;
}

/** A filter's value: fixed, or the value of one of the design's parameters (left out while the parameter is empty). */
export type DesignValue = string | number | boolean | null | { parameter: string };

export interface DesignColumn {
  field: string;
  /** The column's title; default the field's label in the schema (required when the module may be absent). */
  label?: string;
  /** pdfmake's width: a number of points, `"auto"` or `"*"` (default). */
  width?: number | 'auto' | '*';
}

export interface Design {
  version: 1;
  title: string;
  subtitle?: string;
  orientation?: 'portrait' | 'landscape';
  parameters?: DesignParameter[];
  source: {
    /** The module whose list is read; or else */
    module?: string;
    /** the data set a feature computes (datasets.ts), with its arguments. */
    dataset?: string;
    arguments?: Record<string, DesignValue>;
    filters?: Record<string, DesignValue | DesignValue[]>;
    search?: DesignValue;
    sort?: string;
    order?: 'asc' | 'desc';
    limit?: number;
  };
  columns: DesignColumn[];
  group_by?: { field: string; label?: string };
  totals?: boolean;
  /** Totals by a field's value after the total ('Total por meio'): a line per value, with its count and sums. */
  summaries?: { field: string; label: string }[];
}

const NAME = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' };
const VALUE = {
  anyOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: false, required: ['parameter'], properties: { parameter: NAME } },
  ],
};

const DESIGN_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'title', 'source', 'columns'],
  properties: {
    version: { const: 1 },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    subtitle: { type: 'string', maxLength: 300 },
    orientation: { enum: ['portrait', 'landscape'] },
    parameters: {
      type: 'array',
      maxItems: 30,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'label', 'type'],
        properties: {
          name: NAME,
          label: { type: 'string', minLength: 1, maxLength: 100 },
          type: { enum: ['text', 'integer', 'date', 'boolean', 'reference'] },
          required: { type: 'boolean' },
          module: NAME,
        },
      },
    },
    source: {
      type: 'object',
      additionalProperties: false,
      properties: {
        module: NAME,
        dataset: NAME,
        arguments: { type: 'object', maxProperties: 30, propertyNames: { pattern: '^[a-z][a-z0-9_]{0,62}$' }, additionalProperties: VALUE },
        filters: { type: 'object', maxProperties: 30, propertyNames: { pattern: '^[a-z][a-z0-9_]{0,62}$' }, additionalProperties: { anyOf: [VALUE, { type: 'array', maxItems: 1000, items: VALUE }] } },
        search: VALUE,
        sort: NAME,
        order: { enum: ['asc', 'desc'] },
        limit: { type: 'integer', minimum: 1, maximum: MAX_ROWS },
      },
    },
    columns: {
      type: 'array',
      minItems: 1,
      maxItems: 30,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: {
          field: NAME,
          label: { type: 'string', minLength: 1, maxLength: 100 },
          width: { anyOf: [{ type: 'number', minimum: 10, maximum: 800 }, { enum: ['auto', '*'] }] },
        },
      },
    },
    group_by: { type: 'object', additionalProperties: false, required: ['field'], properties: { field: NAME, label: { type: 'string', minLength: 1, maxLength: 100 } } },
    totals: { type: 'boolean' },
    summaries: {
      type: 'array',
      maxItems: 5,
      items: { type: 'object', additionalProperties: false, required: ['field', 'label'], properties: { field: NAME, label: { type: 'string', minLength: 1, maxLength: 100 } } },
    },
  },
};

const validate = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile<Design>(DESIGN_SCHEMA);

/** Largest design file read: a design is a page of JSON, not data. */
export const MAX_DESIGN_BYTES = 256 * 1024;

/** The design in `bytes`, checked; a ReportError naming what is wrong otherwise. */
export function parseDesign(bytes: Buffer): Design {
  if (bytes.length > MAX_DESIGN_BYTES) throw new ReportError('O arquivo do desenho do relatório é grande demais (máximo de 256 KB).');
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ReportError('O arquivo do desenho do relatório não é um JSON válido.');
  }
  if (!validate(parsed)) throw new ReportError(`O desenho do relatório é inválido: ${problem(validate.errors?.[0])}`);
  if ((parsed.source.module === undefined) === (parsed.source.dataset === undefined)) {
    throw new ReportError('O desenho do relatório é inválido: /source deve nomear um cadastro (module) ou um conjunto de dados (dataset), um só.');
  }
  const names = new Set<string>();
  for (const parameter of parsed.parameters ?? []) {
    if (names.has(parameter.name)) throw new ReportError(`O desenho do relatório é inválido: o parâmetro ${parameter.name} está declarado duas vezes.`);
    names.add(parameter.name);
  }
  for (const used of usedParameters(parsed)) {
    if (!names.has(used)) throw new ReportError(`O desenho do relatório é inválido: usa o parâmetro ${used}, que não declara.`);
  }
  return parsed;
}

/** The names of the parameters the design's filters and search read. */
function usedParameters(design: Design): string[] {
  const values = [...Object.values(design.source.filters ?? {}).flat(), ...Object.values(design.source.arguments ?? {}), design.source.search];
  return values.flatMap((value) => (value !== null && typeof value === 'object' ? [value.parameter] : []));
}

/** One ajv error in pt-BR, at its place in the design (`/source/limit`). */
function problem(error: ErrorObject | undefined): string {
  if (!error) return 'formato desconhecido.';
  const at = error.instancePath || '/';
  switch (error.keyword) {
    case 'additionalProperties':
      return `a chave "${String(error.params.additionalProperty).slice(0, 60)}" em ${at} não é conhecida.`;
    case 'required':
      return `falta a chave "${String(error.params.missingProperty)}" em ${at}.`;
    case 'maximum':
      return `${at} deve ser no máximo ${Number(error.params.limit).toLocaleString('pt-BR')}.`;
    case 'minimum':
      return `${at} deve ser no mínimo ${Number(error.params.limit).toLocaleString('pt-BR')}.`;
    case 'const':
      return `${at} deve ser ${JSON.stringify(error.params.allowedValue)}.`;
    case 'enum':
      return `${at} deve ser um destes valores: ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'type':
      return `${at} deve ser do tipo ${String(error.params.type)}.`;
    case 'pattern':
      return `${at} deve ser um nome em letras minúsculas, números e _.`;
    case 'maxItems':
    case 'maxProperties':
      return `${at} tem itens demais (no máximo ${String(error.params.limit)}).`;
    case 'minItems':
    case 'minLength':
      return `${at} não pode ser vazio.`;
    case 'maxLength':
      return `${at} é longo demais (no máximo ${String(error.params.limit)} caracteres).`;
    default:
      return `${at} não está no formato esperado.`;
  }
}

/**
 * The design with the parameters its design type declares (`tipo_design_relatorio.parameters`) that
 * the file does not: a parameter the type marks required is asked for even when the file's is not.
 */
export function withDeclaredParameters(design: Design, declared: unknown): Design {
  if (!Array.isArray(declared)) return design;
  const own = new Map((design.parameters ?? []).map((p) => [p.name, p]));
  for (const item of declared) {
    if (!item || typeof item !== 'object') continue;
    const { name, label, type, required } = item as Record<string, unknown>;
    if (typeof name !== 'string' || typeof label !== 'string') continue;
    const mine = own.get(name);
    if (mine) own.set(name, { ...mine, required: mine.required === true || required === true });
    else own.set(name, { name, label, type: (typeof type === 'string' ? type : 'text') as ParameterType, required: required === true });
  }
  return { ...design, parameters: [...own.values()] };
}
