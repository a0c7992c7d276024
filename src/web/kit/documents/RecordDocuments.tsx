import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useCanAccess, useRecordContext, useResourceContext } from 'react-admin';
import { formatByKind } from '../formatKind';
import { attachPath, DOCUMENT_FILTERS, useAttachedDocuments, type AttachedDocument } from './attached';

/**
 * 'Documentos' under a record's form (a module with `x-documents`): the record's documents, newest
 * first, with the Todos / Arquivados / Não Arquivados filter, each opening its document; 'Anexar
 * documento' opens the document form attached to this record. Shown to whoever may list documents.
 */
export function RecordDocuments() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess: mayList } = useCanAccess({ resource: 'documento', action: 'list' });
  const { canAccess: mayAttach } = useCanAccess({ resource: 'documento', action: 'create' });
  const provider = useAttachedDocuments();
  const [filter, setFilter] = useState('1');
  const [documents, setDocuments] = useState<AttachedDocument[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = record?.id;

  useEffect(() => {
    if (id == null || !resource || !mayList || !provider.attachedDocuments) return;
    let active = true;
    provider.attachedDocuments(resource, id, filter).then(
      ({ data }) => active && (setDocuments(data), setFailure(null)),
      (error: { message?: string }) => active && setFailure(error?.message ?? 'Não foi possível carregar os documentos.'),
    );
    return () => {
      active = false;
    };
  }, [provider, resource, id, filter, mayList]);

  if (id == null || !resource || !mayList) return null;
  return (
    <Box component="section" aria-label="Documentos" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
          Documentos
        </Typography>
        <label className="filter">
          <span>Situação</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value)}>
            {DOCUMENT_FILTERS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
        {mayAttach && (
          <Button component={Link} to={attachPath(resource, id)} variant="outlined" startIcon={<AttachFileIcon />}>
            Anexar documento
          </Button>
        )}
      </Box>
      {failure && <Typography color="error">{failure}</Typography>}
      {documents && documents.length === 0 && <Typography color="text.secondary">Nenhum documento.</Typography>}
      {documents && documents.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {documents.map((document) => (
            <Box component="li" key={document.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <Link to={`/documento/${document.id}`}>{document.name}</Link>
              <Typography component="span" color="text.secondary">
                {[document.document_type, formatByKind({ source: 'date', kind: 'date', label: 'Data' }, document.date), document.file_extension, document.filed ? 'Arquivado' : null].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
