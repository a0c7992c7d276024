import { conditionHolds } from '../../shared/field-rules';
import type { FieldSpec } from './types';

type Values = Record<string, unknown>;

/** The path of a field beside another: `tenant_configs.0.db_ip` and `db_type` → `tenant_configs.0.db_type`. */
export function siblingPath(path: string, field: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? field : `${path.slice(0, dot + 1)}${field}`;
}

/** Whether a field is shown among these values: its condition (`when`) holds, and the field it names is shown. */
export function isShown(spec: FieldSpec, values: Values, specs: readonly FieldSpec[], depth = 0): boolean {
  if (!spec.when || spec.when.hide === false) return true;
  if (!conditionHolds(spec.when, values[spec.when.field])) return false;
  const controller = specs.find((s) => s.source === spec.when!.field);
  return !controller || depth > specs.length || isShown(controller, values, specs, depth + 1);
}

function leaveOut(values: Values, specs: readonly FieldSpec[]): Values {
  const out: Values = { ...values };
  for (const spec of specs) {
    if (!isShown(spec, values, specs)) delete out[spec.source];
    else if (spec.sublist && Array.isArray(out[spec.source])) {
      out[spec.source] = (out[spec.source] as unknown[]).map((row) => (row && typeof row === 'object' ? leaveOut(row as Values, spec.sublist!.fields) : row));
    }
  }
  return out;
}

/**
 * A form's `transform` that leaves hidden fields out of the body (top level and sub-list rows), so
 * a value typed before its field was hidden is never sent.
 * @example <ResourceCreate transform={withoutHidden(inputs('create'))}>
 */
export function withoutHidden(specs: Record<string, FieldSpec>): (data: Values) => Values {
  return (data) => leaveOut(data, Object.values(specs));
}
