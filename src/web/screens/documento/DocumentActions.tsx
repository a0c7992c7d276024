import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import DownloadIcon from '@mui/icons-material/Download';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmDialog } from '../../kit/plain/ConfirmDialog';
import { useFormReadOnly } from '../../kit/formMode';
import { saveBlob, useFileTransfers } from '../../kit/files';
import { formatByKind } from '../../kit/formatKind';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

type Asked = 'download' | 'archive' | 'unarchive' | null;

const QUESTIONS: Record<Exclude<Asked, null>, { title: string; content: (name: string) => string }> = {
  download: { title: 'Baixar documento', content: (name) => `Baixar o arquivo do documento "${name}"?` },
  archive: { title: 'Arquivar documento', content: (name) => `Arquivar o documento "${name}"? Um documento arquivado não pode ser alterado até ser desarquivado.` },
  unarchive: { title: 'Desarquivar documento', content: (name) => `Desarquivar o documento "${name}"?` },
};

/**
 * On a document being viewed: 'Baixar' (to whoever may see it), and 'Arquivar' for a document not
 * archived whose type is not physical, or 'Desarquivar' for an archived one (to whoever may update
 * it), each after a confirmation; the server checks the same rules.
 */
export function DocumentActions() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess: mayUpdate } = useCanAccess({ resource: 'documento', action: 'update' });
  const transfers = useFileTransfers();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asked, setAsked] = useState<Asked>(null);
  const [busy, setBusy] = useState(false);
  if (!record || !viewing) return null;
  const id = encodeURIComponent(String(record.id));
  const name = String(record.name ?? '');

  const run = async () => {
    setBusy(true);
    try {
      if (asked === 'download') {
        const { blob, name: fileName } = await transfers.download!(`/api/documento/${id}/download`);
        saveBlob(blob, fileName ?? name);
      } else if (asked) {
        await http({ method: 'POST', path: `/api/documento/${id}/${asked}`, body: {} });
        notify(asked === 'archive' ? 'Documento arquivado.' : 'Documento desarquivado.', { type: 'success' });
        refresh();
      }
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const filed = record.filed === true;
  return (
    <Box role="group" aria-label="Ações do documento" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2, width: '100%' }}>
      {filed && <Chip color="default" label={`Arquivado em ${formatByKind({ source: 'filed_at', kind: 'datetime', label: 'Arquivado em' }, record.filed_at)}`} />}
      {record.document && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setAsked('download')} disabled={busy}>
          Baixar
        </Button>
      )}
      {mayUpdate && !filed && record.physical !== true && (
        <Button variant="outlined" startIcon={<ArchiveIcon />} onClick={() => setAsked('archive')} disabled={busy}>
          Arquivar
        </Button>
      )}
      {mayUpdate && filed && (
        <Button variant="outlined" startIcon={<UnarchiveIcon />} onClick={() => setAsked('unarchive')} disabled={busy}>
          Desarquivar
        </Button>
      )}
      {asked && <ConfirmDialog open busy={busy} title={QUESTIONS[asked].title} content={QUESTIONS[asked].content(name)} onConfirm={run} onClose={() => setAsked(null)} />}
    </Box>
  );
}
