import { COUNCIL_TIME_ZONE } from '../../../shared/council-clock';
import { http } from '../../services';

/** A reminder of a deadline as `GET /api/deadlines/mine` answers it. */
export interface SentReminder {
  id: number;
  kind: 'before' | 'expiry';
  kind_label: string;
  due_date: string;
  status: number;
  status_label: string;
  sent_at: string | null;
}

/** One of the caller's open deadlines. */
export interface MyDeadline {
  id: number;
  deadline_type: string;
  record: string;
  record_path: string | null;
  /** `YYYY-MM-DD HH:mm:ss`, the council's clock. */
  deadline_moment: string;
  status: number;
  status_label: string;
  expired: boolean;
  days_left: number;
  business_days_left: number;
  reminders: SentReminder[];
}

export async function myDeadlines(): Promise<MyDeadline[]> {
  return (await http<{ data: MyDeadline[] }>({ path: '/api/deadlines/mine' })).json.data;
}

/** `DD/MM/YYYY` of a `YYYY-MM-DD…` date. */
export const brDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const SENT_AT = new Intl.DateTimeFormat('pt-BR', { timeZone: COUNCIL_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** When a reminder went, on the council's clock: `DD/MM/YYYY HH:mm`. */
export const sentAt = (instant: string) => SENT_AT.format(new Date(instant)).replace(',', '');

/** How much time is left, as a person says it. */
export function timeLeft(deadline: MyDeadline): string {
  if (deadline.expired) return deadline.days_left === 0 ? 'Vencido hoje' : `Vencido há ${-deadline.days_left} ${-deadline.days_left === 1 ? 'dia' : 'dias'}`;
  if (deadline.days_left <= 0) return 'Vence hoje';
  const business = deadline.business_days_left === 1 ? '1 dia útil' : `${deadline.business_days_left} dias úteis`;
  const calendar = deadline.days_left === 1 ? '1 dia' : `${deadline.days_left} dias`;
  return `Faltam ${business} (${calendar})`;
}
