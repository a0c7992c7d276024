import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** A secret the server hands over once (a one-time password, a system token), with the warning to note it. */
export function OnceDialog({ title, warning, children, onClose }: { title: string; warning: string; children: ReactNode; onClose: () => void }) {
  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="once-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="once-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Entendi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One labelled value of a once-shown secret, selectable for copying. */
export function SecretLine({ label, value }: { label: string; value: string }) {
  return (
    <p style={{ margin: '8px 0' }}>
      <strong>{label}:</strong> <code aria-label={label} style={{ userSelect: 'all', fontSize: '1.05em' }}>{value}</code>
    </p>
  );
}
