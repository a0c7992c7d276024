/** A generation run as `GET /api/control_account/geracao/{id}` answers it. */
export interface GenerationRun {
  id: number;
  year: number;
  kind: 'dry' | 'commit';
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error_reason: string | null;
  totals: { registrations: number; lines: TotalsLine[] };
}

export interface TotalsLine {
  class: string;
  reason: string;
  category: string;
  range: string;
  count: number;
  total: string;
}

export const CLASS_LABELS: Record<string, string> = {
  billed: 'Lançada',
  proportional: 'Proporcional',
  already_billed: 'Já lançada',
  exempt: 'Isenta',
  blocked: 'Bloqueada',
  not_charged: 'Não cobrada',
};

export const STATE_LABELS: Record<GenerationRun['state'], string> = {
  queued: 'Na fila',
  running: 'Em andamento',
  done: 'Concluída',
  failed: 'Interrompida',
};
