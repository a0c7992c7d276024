import { Labeled, ReferenceArrayField, ReferenceField, SingleFieldList, ChipField, TextField, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldSpec } from './types';
import { formatByKind } from './formatKind';
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
