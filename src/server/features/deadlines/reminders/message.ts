/** A deadline reminder as the person reads it, in pt-BR (docs/DEADLINES.md 'Reminders'). */
import type { MailMessage } from '../../../core/mail/mailer.js';
import type { ReminderKind } from './tables.js';

export interface ReminderMail {
  kind: ReminderKind;
  to: { name: string; email: string };
  deadlineType: string;
  record: string;
  /** `YYYY-MM-DD HH:mm:ss`, the council's clock. */
  deadlineMoment: string;
  /** Business days from today to the end (0: it ends today). */
  businessDaysLeft: number;
  /** Where the web client is, for the link to 'Meus prazos'; null leaves the link out. */
  appUrl: string | null;
}

/** `DD/MM/YYYY` of a `YYYY-MM-DD…` date. */
export const brDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const left = (days: number) => (days === 0 ? 'vence hoje' : days === 1 ? 'falta 1 dia útil' : `faltam ${days} dias úteis`);

/**
 * @example reminderMessage({ kind: 'before', deadlineType: 'Defesa prévia', record: 'Prazo nº 7', deadlineMoment: '2026-12-04 23:59:59', businessDaysLeft: 2, … }).subject
 * // 'Prazo "Defesa prévia" vence em 04/12/2026: Prazo nº 7'
 */
export function reminderMessage(mail: ReminderMail): MailMessage {
  const end = brDate(mail.deadlineMoment);
  const time = mail.deadlineMoment.slice(11, 19);
  const subject = mail.kind === 'before'
    ? `Prazo "${mail.deadlineType}" vence em ${end}: ${mail.record}`
    : `Prazo vencido: "${mail.deadlineType}" venceu em ${end}: ${mail.record}`;
  const what = mail.kind === 'before'
    ? `O prazo "${mail.deadlineType}" de ${mail.record} vence em ${end} às ${time} (${left(mail.businessDaysLeft)}).`
    : `O prazo "${mail.deadlineType}" de ${mail.record} venceu em ${end} às ${time} e continua em aberto.`;
  const where = mail.appUrl ? `Veja os seus prazos em ${mail.appUrl}/meus_prazos` : 'Veja os seus prazos em "Meus prazos", no sistema.';
  const text = [`Olá, ${mail.to.name}.`, '', what, '', where, '', 'Este é um aviso automático; não é preciso responder.'].join('\n');
  return { to: mail.to.email, subject, text };
}
