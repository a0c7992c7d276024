import { useEffect, useState } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'ra-core';
import { CloseIcon } from '@kit/plain/icons';
import { invalidFormNotice } from '@kit/formNotice';
import { toastText } from './toastText';

const HIDE_AFTER_MS = 10_000;

/**
 * Toasts: errors and warnings stay until closed, the others leave after 10 seconds; a newer one
 * replaces the one shown. The 'form is not valid' one also leaves once the form's errors are gone.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  useEffect(() => {
    if (notifications.length > 0) setCurrent(takeNotification() ?? undefined);
  }, [notifications, takeNotification]);
  // 'O formulário não é válido' goes once the form's errors are gone (kit/formNotice.ts).
  useEffect(() => invalidFormNotice.subscribe(() => setCurrent((shown) => (shown?.message === invalidFormNotice.key ? undefined : shown))), []);
  const type = current?.type ?? 'info';
  const negative = type === 'error' || type === 'warning';
  useEffect(() => {
    if (!current || negative) return;
    const timer = setTimeout(() => setCurrent(undefined), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current, negative]);
  if (!current) return null;
  const message =
    typeof current.message === 'string'
      ? toastText(current.message && translate(current.message, { _: current.message, ...current.notificationOptions?.messageArgs }), type)
      : current.message ?? toastText(null, type);
  return (
    <div className={`alert alert-filled alert-${type} toast`} role={negative ? 'alert' : 'status'}>
      <span className="alert-text">{message}</span>
      <button type="button" className="icon-btn" aria-label="Fechar" onClick={() => setCurrent(undefined)}>
        <CloseIcon />
      </button>
    </div>
  );
}
