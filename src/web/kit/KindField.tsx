import { Labeled, ReferenceArrayField, ReferenceField, SingleFieldList, ChipField, TextField, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldSpec } from './types';
import { formatBoolean, formatDate, formatDateTime, formatMoney, PALETTE } from './format';
import { COMBOS_META } from './inputs/ReferenceKindInput';

export interface KindFieldProps extends FieldSpec {
  /** Inside a table cell: no label around the value. */
  bare?: boolean;
}

/**
 * The read-only counterpart of KindInput: the value as a person reads it (DD/MM/YYYY, Sim/Não, R$ 1.234,56,
 * the referenced record's name).
 * @example <KindField source="uf_id" kind="reference" label="UF" reference={{ module: 'uf' }} />
 */
export function KindField(props: KindFieldProps) {
  const value = <KindValue {...props} />;
  return props.bare ? value : <Labeled label={props.label}>{value}</Labeled>;
}

/** Plain text of a scalar value by kind; undefined for the kinds that need a component. */
export function formatByKind(spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case 'boolean':
      return formatBoolean(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'money':
      return formatMoney(value);
    case 'decimal':
      return value == null || value === '' ? '' : Number(value).toLocaleString('pt-BR');
    case 'enum':
      return value == null ? '' : (spec.choices?.find((c) => String(c.id) === String(value))?.name ?? String(value));
    case 'color':
      return value == null ? '' : (PALETTE.find((c) => c.id.toLowerCase() === String(value).toLowerCase())?.name ?? String(value));
    case 'password':
      return value ? '[PROTEGIDO]' : '';
    case 'reference':
    case 'references':
    case 'sublist':
      return undefined;
    default:
      return value == null ? '' : String(value);
  }
}

function KindValue(props: FieldSpec) {
  const record = useRecordContext();
  const { source, kind } = props;
  if (kind === 'reference') {
    return (
      <ReferenceField source={source} reference={props.reference?.module ?? source} queryOptions={{ meta: COMBOS_META }} link={false} emptyText="">
        <TextField source="name" />
      </ReferenceField>
    );
  }
  if (kind === 'references') {
    return (
      <ReferenceArrayField source={source} reference={props.reference?.module ?? source} queryOptions={{ meta: COMBOS_META }}>
        <SingleFieldList linkType={false}>
          <ChipField source="name" size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  }
  if (kind === 'sublist') return <SublistValue spec={props} items={(record?.[source] as Record<string, unknown>[]) ?? []} />;
  return (
    <Typography component="span" variant="body2">
      {formatByKind(props, record?.[source])}
    </Typography>
  );
}

function SublistValue({ spec, items }: { spec: FieldSpec; items: Record<string, unknown>[] }) {
  const fields = spec.sublist?.fields ?? [];
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {items.map((item, index) => (
        <li key={String(item.id ?? index)}>
          <Typography variant="body2">
            {fields
              .map((f) => formatByKind(f, item[f.source]))
              .filter((text) => text)
              .join(' - ')}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
