import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';

const HIDE_AFTER_MS = 10_000;

/** Toasts: errors and warnings stay until closed, the others leave after 10 seconds. */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (notifications.length === 0) return;
    if (!current) {
      setCurrent(takeNotification() ?? undefined);
      setOpen(true);
    } else if (open) {
      // A newer message replaces the one on screen, even one that waits to be closed.
      setOpen(false);
    }
  }, [notifications, current, open, takeNotification]);
  if (!current) return null;
  const type = current.type ?? 'info';
  const negative = type === 'error' || type === 'warning';
  const message =
    typeof current.message === 'string'
      ? translate(current.message, { _: current.message, ...current.notificationOptions?.messageArgs })
      : current.message;
  const close = (_?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  return (
    <Snackbar
      open={open}
      autoHideDuration={negative ? null : HIDE_AFTER_MS}
      onClose={close}
      slotProps={{ transition: { onExited: () => setCurrent(undefined) } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={type} variant="filled" onClose={() => close()} role={negative ? 'alert' : 'status'} sx={{ minWidth: 320 }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
