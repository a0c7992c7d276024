/** `GET /api/partes/{id}/contas` (the receivables feature's party routes). */
export interface PartyAccount {
  id: number;
  formatted_number: string;
  exercise: number | null;
  debt_type: string | null;
  status: number | null;
  due_date: string | null;
  /** The balance today of an account Aberta; '0.00' of one paid or cancelled; null of the others. */
  balance: string | null;
  overdue: boolean;
}

export interface PartyAccounts {
  party_id: number;
  date: string;
  accounts: PartyAccount[];
  open_total: string;
  credit: string;
}

/** `GET /api/partes/{id}/regularidade`. */
export interface Regularity {
  regular: boolean;
  label: string;
}
