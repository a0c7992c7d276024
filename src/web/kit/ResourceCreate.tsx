import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CloseIcon from '@mui/icons-material/Close';
import { Create, SaveButton, SimpleForm, Toolbar, useRedirect, useResourceContext, type RedirectionSideEffect } from 'react-admin';
import { UnsavedChangesReporter } from './UnsavedChangesReporter';
import { BackLink } from './BackLink';
import { useReturnAfterInsert, withCreated } from './returnAfterInsert';

/**
 * The insert form at `/{resource}/inserir`; after saving it opens the new record, 'Cancelar' returns
 * to the list (the navigation guard asks first when something was typed). Server 422 errors land on
 * their fields (the data provider rejects with `body.errors`); the browser's own checks are off, so
 * every message is the product's, in pt-BR, on its field. `transform` shapes the body (`withoutHidden`
 * leaves hidden conditional fields out). `meta` goes to the data provider's create (a document attached
 * to a record: `{ attachTo }`); `redirect` replaces opening the new record. Opened from another screen
 * with `?voltar=/path`, it goes back there after saving (`/path?criado={id}`) and on 'Cancelar'.
 * @example <ResourceCreate><KindInput source="denomination" kind="text" label="Denominação" required /></ResourceCreate>
 */
export function ResourceCreate({
  children,
  transform,
  meta,
  redirect = 'edit',
}: {
  children: ReactNode;
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  meta?: Record<string, unknown>;
  redirect?: RedirectionSideEffect;
}) {
  const back = useReturnAfterInsert();
  return (
    <>
      <BackLink />
      <Create redirect={back ? (_resource: string | undefined, id: unknown) => withCreated(back, id) : redirect} transform={transform} mutationOptions={meta ? { meta } : undefined}>
        <SimpleForm sx={{ maxWidth: 960 }} noValidate toolbar={<CreateToolbar />}>
          <UnsavedChangesReporter enabled />
          {children}
        </SimpleForm>
      </Create>
    </>
  );
}

/** 'Salvar' and 'Cancelar' of an insert form. */
export function CreateToolbar() {
  const redirect = useRedirect();
  const resource = useResourceContext();
  const back = useReturnAfterInsert();
  return (
    <Toolbar sx={{ gap: 2 }}>
      <SaveButton label="Salvar" alwaysEnable />
      <Button color="inherit" startIcon={<CloseIcon />} onClick={() => (back ? redirect(back) : redirect('list', resource))}>
        Cancelar
      </Button>
    </Toolbar>
  );
}
