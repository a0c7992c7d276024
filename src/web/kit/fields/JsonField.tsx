import Box from '@mui/material/Box';
import { Labeled, useRecordContext } from 'react-admin';
import { jsonLines } from './jsonLines';

/** A JSON value shown readably, one `key: value` per line (secrets arrive masked as [PROTEGIDO]). */
export function JsonValue({ source }: { source: string }) {
  const record = useRecordContext();
  const lines = jsonLines(record?.[source]);
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}>
      {lines.join('\n')}
    </Box>
  );
}

export function JsonField({ source, label }: { source: string; label: string }) {
  return (
    <Labeled label={label}>
      <JsonValue source={source} />
    </Labeled>
  );
}
