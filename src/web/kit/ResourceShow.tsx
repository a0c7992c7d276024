import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { Show } from 'react-admin';

/**
 * A plain read-only view of a record.
 * @example <ResourceShow><KindField source="denomination" kind="text" label="Denominação" /></ResourceShow>
 */
export function ResourceShow({ children }: { children: ReactNode }) {
  return (
    <Show>
      <Stack spacing={2} sx={{ p: 2 }}>
        {children}
      </Stack>
    </Show>
  );
}
