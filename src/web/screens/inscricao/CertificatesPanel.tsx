import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { useFormReadOnly } from '../../kit/formMode';
import { saveBlob, useFileTransfers } from '../../kit/files';
import { formatDate } from '../../kit/format';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

interface Certificate {
  id: number; code: string; title: string; kind_label: string; issued_on: string; valid_until: string;
  status: 'valida' | 'expirada' | 'revogada'; status_label: string; revoke_reason: string | null;
}
interface Template { id: number; name: string }

const STATUS_COLORS = { valida: 'success', expirada: 'warning', revogada: 'error' } as const;

/**
 * Under a registration being viewed: its certificates (status, validity, code and the public
 * verification page), 'Emitir certidão' from an active template and, per certificate, its PDF and
 * 'Revogar' with a reason (to whoever may update the registration). The server decides the rest:
 * a certificate of regularity only for a regular registration.
 */
export function CertificatesPanel() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess } = useCanAccess({ resource: 'inscricao', action: 'update' });
  const transfers = useFileTransfers();
  const notify = useNotify();
  const [certificates, setCertificates] = useState<Certificate[]>([]);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [template, setTemplate] = useState('');
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState(0);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    void http<{ data: Certificate[] }>({ path: `/api/inscricao/${encodeURIComponent(String(id))}/certidoes` }).then(({ json }) => setCertificates(json.data), () => undefined);
  }, [id, seen]);

  if (!record || !viewing) return null;
  const openIssue = async () => {
    const { json } = await http<{ data: Template[] }>({ path: '/api/modelo_certidao/combos' });
    setTemplates(json.data);
    setTemplate(json.data[0] ? String(json.data[0].id) : '');
    setError(null);
  };
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      notify(await work(), { type: 'success' });
      setTemplates(null);
      setRevoking(null);
      setSeen((n) => n + 1);
    } catch (failure) {
      const { message, fields } = failureOf(failure);
      setError(fields.template_id ?? fields.reason ?? message);
    } finally {
      setBusy(false);
    }
  };
  const issue = () => act(async () => {
    const { json } = await http<{ message: string }>({ method: 'POST', path: `/api/inscricao/${encodeURIComponent(String(record.id))}/certidoes`, body: { template_id: Number(template) } });
    return json.message;
  });
  const revoke = () => act(async () => {
    const { json } = await http<{ message: string }>({ method: 'POST', path: `/api/certidoes/${revoking!.id}/revogar`, body: { reason } });
    return json.message;
  });
  const download = async (certificate: Certificate) => {
    try {
      const { blob, name } = await transfers.download!(`/api/certidoes/${certificate.id}/pdf`);
      saveBlob(blob, name ?? `certidao-${certificate.code}.pdf`);
    } catch (failure) {
      notify(failureOf(failure).message, { type: 'error' });
    }
  };

  return (
    <Box component="section" aria-label="Certidões da inscrição" sx={{ width: '100%', mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">Certidões</Typography>
        {canAccess ? (
          <Button type="button" variant="outlined" startIcon={<WorkspacePremiumIcon />} onClick={() => void openIssue()}>
            Emitir certidão
          </Button>
        ) : null}
      </Box>
      {certificates.length === 0 ? <Typography color="text.secondary">Nenhuma certidão emitida.</Typography> : null}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {certificates.map((certificate) => (
          <Box component="li" key={certificate.id} aria-label={`${certificate.title} ${certificate.code}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{certificate.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                Emitida em {formatDate(certificate.issued_on)} · válida até {formatDate(certificate.valid_until)} · código{' '}
                <Link href={`/verificar/${certificate.code}`} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>{certificate.code}</Link>
              </Typography>
              {certificate.revoke_reason ? <Typography variant="body2">Motivo da revogação: {certificate.revoke_reason}</Typography> : null}
            </Box>
            <Chip label={certificate.status_label} color={STATUS_COLORS[certificate.status]} size="small" />
            <Button type="button" size="small" startIcon={<DownloadIcon />} onClick={() => void download(certificate)}>Baixar PDF</Button>
            {canAccess && certificate.status !== 'revogada' ? (
              <Button type="button" size="small" color="error" onClick={() => { setRevoking(certificate); setReason(''); setError(null); }}>Revogar</Button>
            ) : null}
          </Box>
        ))}
      </Box>
      <Dialog open={templates !== null} onClose={() => setTemplates(null)} aria-labelledby="emitir-certidao" fullWidth maxWidth="xs">
        <DialogTitle id="emitir-certidao">Emitir certidão</DialogTitle>
        <DialogContent>
          {templates?.length === 0 ? <Typography>Nenhum modelo de certidão ativo. Cadastre um em Modelos de certidão.</Typography> : (
            <TextField select label="Modelo de certidão" value={template} onChange={(event) => { setTemplate(event.target.value); setError(null); }} margin="dense" fullWidth error={Boolean(error)} helperText={error ?? ' '}>
              {templates?.map((option) => <MenuItem key={option.id} value={String(option.id)}>{option.name}</MenuItem>)}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setTemplates(null)}>Cancelar</Button>
          <Button type="button" variant="contained" disabled={busy || !template} onClick={() => void issue()}>Emitir</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} aria-labelledby="revogar-certidao" fullWidth maxWidth="xs">
        <DialogTitle id="revogar-certidao">Revogar certidão</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>{revoking?.title} · {revoking?.code}. A verificação pública passará a mostrar "Revogada".</Typography>
          <TextField label="Motivo" value={reason} onChange={(event) => { setReason(event.target.value); setError(null); }} margin="dense" fullWidth multiline minRows={2} required error={Boolean(error)} helperText={error ?? ' '} />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setRevoking(null)}>Cancelar</Button>
          <Button type="button" variant="contained" color="error" disabled={busy} onClick={() => void revoke()}>Revogar</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
