import { type RaRecord, Labeled, ReferenceArrayField, ReferenceField, SingleFieldList, ChipField, TextField, useRecordContext, useResourceContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldSpec } from './types';
import { formatByKind } from './formatKind';
import { COMBOS_META, optionsSource } from './combos';
import { JsonValue } from './fields/JsonField';
import { GrantsValue, PermissionName } from './fields/GrantsValue';
import { grantFields } from './inputs/PermissionGrantsInput';
import { DEFAULT_AVATAR } from './inputs/imageChecks';
import { DownloadLink } from './inputs/FileInput';
import { isStoredFile } from './files';
import { useReferenceNames } from './list/useReferenceNames';
import { cellText } from './list/cellText';

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
  const resource = useResourceContext();
  const { source, kind } = props;
  if (kind === 'reference') {
    return (
      <ReferenceField source={source} reference={props.reference?.module ?? source} queryOptions={{ meta: COMBOS_META }} link={false} emptyText="">
        <TextField source="name" />
      </ReferenceField>
    );
  }
  if (kind === 'references' || kind === 'external') {
    const { reference, meta } = optionsSource(props);
    return (
      <ReferenceArrayField source={source} reference={reference} queryOptions={{ meta }}>
        <SingleFieldList linkType={false}>
          <ChipField source="name" size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  }
  if (kind === 'json') return <JsonValue source={source} />;
  if (kind === 'image') {
    const url = record?.[source] as string | undefined;
    return <Box component="img" src={url || DEFAULT_AVATAR} alt={url ? props.label : `${props.label}: imagem padrão`} sx={{ width: 64, height: 64, borderRadius: '50%' }} />;
  }
  if (kind === 'file') {
    const file = record?.[source];
    if (!isStoredFile(file) || !record) return null;
    return <DownloadLink module={resource ?? ''} recordId={record.id} source={source} file={file} />;
  }
  // Rich text is HTML the server sanitised when it was saved and again when it is read (custom pages' hooks).
  if (kind === 'richtext') return <Box className="rich-text" sx={{ '& p': { my: 1 } }} dangerouslySetInnerHTML={{ __html: String(record?.[source] ?? '') }} />;
  if (kind === 'permission') return <PermissionName name={record?.[source]} />;
  if (kind === 'sublist' && grantFields(props).permission) return <GrantsValue spec={props} items={(record?.[source] as Record<string, unknown>[]) ?? []} />;
  if (kind === 'sublist') return <SublistValue spec={props} items={(record?.[source] as Record<string, unknown>[]) ?? []} />;
  return (
    <Typography component="span" variant="body2">
      {formatByKind(props, valueAt(record, source))}
    </Typography>
  );
}

/** The value at a source, a path into the record too (`metadata.0.value`), as the form's inputs name it. */
function valueAt(record: Record<string, unknown> | undefined, source: string): unknown {
  if (!record || source in record) return record?.[source];
  return source.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

/**
 * A sub-list's items one a line, a reference by the referenced record's name (one combos request per
 * referenced module for the whole list); an item's own sub-list as a list below its line.
 */
function SublistValue({ spec, items }: { spec: FieldSpec; items: Record<string, unknown>[] }) {
  const fields = spec.sublist?.fields ?? [];
  const names = useReferenceNames(fields, items as RaRecord[]);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {items.map((item, index) => (
        <li key={String(item.id ?? index)}>
          <Typography variant="body2">
            {fields
              .filter((f) => f.kind !== 'sublist')
              .map((f) => cellText(f, item[f.source], names))
              .filter((text) => text)
              .join(' - ')}
          </Typography>
          {fields
            .filter((f) => f.kind === 'sublist' && Array.isArray(item[f.source]) && (item[f.source] as unknown[]).length > 0)
            .map((f) => (
              <SublistValue key={f.source} spec={f} items={item[f.source] as Record<string, unknown>[]} />
            ))}
        </li>
      ))}
    </Box>
  );
}
