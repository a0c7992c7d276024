import { conflict, invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const SYSTEM_TYPE_MESSAGES = {
  delete: 'Este tipo de parte é usado pelo sistema e não pode ser excluído.',
  behaveLike: 'O comportamento de um tipo de parte do sistema não pode ser mudado.',
} as const;

/**
 * The party types the product relies on (those with a `code`: a person, an employee, a legal
 * entity, the institution, an organization) keep behaving as they did and are never deleted; their
 * names may change.
 */
export const systemPartyTypes: ModuleHooks = {
  beforeWrite(_trx, { mode, body, previous }) {
    if (mode !== 'update' || previous?.code == null || !('behave_like' in body)) return;
    if (body.behave_like !== previous.behave_like) throw invalid({ behave_like: [SYSTEM_TYPE_MESSAGES.behaveLike] });
  },
  beforeDelete(_trx, { record }) {
    if (record.code != null) throw conflict(SYSTEM_TYPE_MESSAGES.delete);
  },
};
