import type { ImportRow, SheetImport } from '../../providers/imports';

export const ACTION_LABELS: Record<NonNullable<ImportRow['action']>, string> = {
  create: 'Criar',
  update: 'Atualizar',
  skip: 'Sem alteração',
  error: 'Com erros',
};

export const STATUS_LABELS: Record<SheetImport['status'], string> = {
  draft: 'Aguardando simulação',
  checked: 'Simulada',
  queued: 'Aguardando',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Interrompida',
};

/** A row's messages, each under its column's header where the field is one of the sheet's (`CPF: O campo CPF é inválido.`). */
export function rowMessages(row: ImportRow, header: (key: string) => string): string[] {
  return Object.entries(row.errors ?? {}).flatMap(([field, messages]) => {
    const key = field.replace(/\.\d+\./, '.');
    const name = header(key);
    return messages.map((message) => (name && name !== key && !message.includes(name) ? `${name}: ${message}` : message));
  });
}
