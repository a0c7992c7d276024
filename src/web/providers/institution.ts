import type { InstitutionSaved, InstitutionSettings } from '../../shared/contracts/institution';
import type { HttpClient } from '../http/client';

export type { InstitutionSaved, InstitutionSettings };

export interface InstitutionChange {
  institution_id: number | null;
  president_id: number | null;
  update_job_relations: boolean;
}

/** The data provider's methods for the institution's settings (the shell adds them to its data provider). */
export interface InstitutionProvider {
  readInstitution(): Promise<InstitutionSettings>;
  /** Saves from the version the form loaded (`updated_at`): someone else's change meanwhile answers 409. */
  saveInstitution(change: InstitutionChange, version: string | null): Promise<InstitutionSaved>;
}

/** `GET` and `PUT /api/instituicao`. */
export function institutionSettings(http: HttpClient): InstitutionProvider {
  return {
    async readInstitution() {
      const { json } = await http<{ data: InstitutionSettings }>({ path: '/api/instituicao' });
      return json.data;
    },
    async saveInstitution(change, version) {
      const { json } = await http<InstitutionSaved>({ method: 'PUT', path: '/api/instituicao', body: { ...change, ...(version ? { updated_at: version } : {}) } });
      return json;
    },
  };
}
