import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import { ResourceCreate } from '../../kit';
import { attachTarget } from '../../kit/documents/attached';
import { resources } from '../../../../generated/web/registry';
import { DocumentInputs } from './DocumentInputs';

/**
 * `/documento/inserir`: the generated inputs, with the metadata of the chosen type in place of the raw
 * list. Opened from a record's 'Anexar documento' (`?anexar=<module>/<id>`), it saves the document
 * attached to that record and returns to it.
 */
export function DocumentoCreate() {
  const target = attachTarget(useLocation().search);
  const owner = target ? resources.find((resource) => resource.name === target.module) : undefined;
  return (
    <ResourceCreate meta={target ? { attachTo: target } : undefined} redirect={target ? () => `${target.module}/${target.id}` : undefined}>
      {target && (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          O documento será anexado ao registro {target.id} de {owner?.label.plural ?? target.module}.
        </Alert>
      )}
      <DocumentInputs mode="create" />
    </ResourceCreate>
  );
}
