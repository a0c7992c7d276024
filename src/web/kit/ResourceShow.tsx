import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { Show } from 'react-admin';
import { BackLink } from './BackLink';

/**
 * A plain read-only view of a record, under the link back to its list.
 * @example <ResourceShow><KindField source="denomination" kind="text" label="Denominação" /></ResourceShow>
 */
export function ResourceShow({ children }: { children: ReactNode }) {
  return (
    <>
      <BackLink />
      <Show>
        <Stack spacing={2} sx={{ p: 2 }}>
          {children}
        </Stack>
      </Show>
    </>
  );
}
