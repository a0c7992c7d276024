import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form } from 'react-admin';
import { InvalidFormNoticeCloser, KindInput, type FieldSpec } from '@kit';
import { councilDate } from '../../../shared/council-clock';
import { http } from '../../services';

const PENDENCIES = 'pendencias_acao_fiscalizacao';

/** The resolution of one or several pendencies: a date (today by default) and notes. */
export const RESOLVE_FORM: FieldSpec[] = [
  { source: 'end_date', kind: 'date', label: 'Data de conclusão', required: true },
  { source: 'end_notes', kind: 'textarea', label: 'Observações de conclusão' },
];

/** Today on the council's clock, `YYYY-MM-DD`. */
export const today = () => councilDate();

/** Resolves pendencies (`PUT …/{id}/conclude`, or `PUT …/conclude` for several); answers the server's message. */
export async function resolvePendencies(ids: (number | string)[], values: Record<string, unknown>): Promise<{ message?: string }> {
  const body = { end_date: values.end_date ?? null, end_notes: values.end_notes ?? null };
  const { json } = ids.length === 1
    ? await http({ method: 'PUT', path: `/api/${PENDENCIES}/${encodeURIComponent(String(ids[0]))}/conclude`, body })
    : await http({ method: 'PUT', path: `/api/${PENDENCIES}/conclude`, body: { ...body, ids } });
  return json as { message?: string };
}

/**
 * What a sub-form starts from when given no record. Never the record around the dialog, on which
 * react-admin's Form falls back: a new pendency or infraction would start with the action's start
 * date, dates and notes as its own (a pendency then counted its deadline from the action's start).
 */
const EMPTY: Record<string, unknown> = {};

/** A dialog holding a sub-form of its own (the action's form is not touched), empty but for `record`: its inputs, 'Salvar' and 'Voltar'. */
export function SubForm({
  title,
  open,
  fields,
  record,
  submitLabel = 'Salvar',
  onClose,
  onSubmit,
  lead,
  children,
}: {
  title: string;
  /** Inputs before the fields. */
  lead?: ReactNode;
  open: boolean;
  fields: FieldSpec[];
  record?: Record<string, unknown>;
  submitLabel?: string;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const id = `subform-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      return await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{title}</DialogTitle>
      {open ? (
        <Form record={record ?? EMPTY} onSubmit={submit} noValidate>
          <InvalidFormNoticeCloser />
          <DialogContent>
            {lead}
            {fields.map((spec) => (
              <KindInput key={spec.source} {...spec} />
            ))}
            {children}
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={onClose} disabled={busy}>Voltar</Button>
            <Button type="submit" variant="contained" disabled={busy}>{submitLabel}</Button>
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}
