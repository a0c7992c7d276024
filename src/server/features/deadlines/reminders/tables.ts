import type { Generated, Timestamp } from '../../../../../generated/database.js';

// The reminders sent (../migrations/20261127170500_deadline_reminders.ts), declared beside the generated tables.
declare module '../../../../../generated/database.js' {
  interface SpaceDatabase {
    deadline_reminders: DeadlineRemindersTable;
  }
}

/** 'before': N business days before the end; 'expiry': once the end has passed. */
export type ReminderKind = 'before' | 'expiry';

/** 1 Enviando (claimed), 2 Enviado, 3 Falhou (tried again later), 4 Abandonado. */
export type ReminderStatus = 1 | 2 | 3 | 4;
export const REMINDER_STATUS = { sending: 1, sent: 2, failed: 3, givenUp: 4 } as const;
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = { 1: 'Enviando', 2: 'Enviado', 3: 'Falhou; nova tentativa em breve', 4: 'Não enviado' };
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = { before: 'Lembrete antes do vencimento', expiry: 'Aviso de prazo vencido' };

export interface DeadlineRemindersTable {
  id: Generated<number>;
  deadline_id: number;
  kind: ReminderKind;
  /** The end date (`YYYY-MM-DD`) the reminder was about: a deadline moved to another end is reminded again. */
  due_date: string;
  user_id: number;
  email: string;
  status: Generated<ReminderStatus>;
  attempts: Generated<number>;
  claimed_at: Timestamp;
  retry_at: Timestamp | null;
  sent_at: Timestamp | null;
  error: string | null;
  created_at: Generated<Timestamp>;
}
