import type { ReactNode } from 'react';
import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { UnsavedChangesReporter } from './UnsavedChangesReporter';

/**
 * The insert form at `/{resource}/inserir`; after saving it opens the new record. Server 422 errors
 * land on their fields (the data provider rejects with `body.errors`).
 * @example <ResourceCreate><KindInput source="denomination" kind="text" label="Denominação" required /></ResourceCreate>
 */
export function ResourceCreate({ children }: { children: ReactNode }) {
  return (
    <Create redirect="edit">
      <SimpleForm
        sx={{ maxWidth: 960 }}
        toolbar={
          <Toolbar>
            <SaveButton label="Salvar" alwaysEnable />
          </Toolbar>
        }
      >
        <UnsavedChangesReporter enabled />
        {children}
      </SimpleForm>
    </Create>
  );
}
