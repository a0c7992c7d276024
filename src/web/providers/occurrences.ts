import type { HttpClient } from '../http/client';
import type { NewOccurrence, OccurrenceTypeOption, RecordOccurrence, RecordOccurrences } from '@kit/occurrences/occurrences';

/** A record's occurrences and the occurrence types (docs/API.md 'Occurrences'). */
export function recordOccurrences(http: HttpClient): RecordOccurrences {
  return {
    async occurrences(module, id) {
      const { json } = await http<{ data: RecordOccurrence[] }>({ path: `/api/${module}/${encodeURIComponent(String(id))}/occurrences` });
      return json.data;
    },
    async occurrenceTypes() {
      const { json } = await http<{ data: OccurrenceTypeOption[] }>({ path: '/api/occurrence_types/combo' });
      return json.data;
    },
    async deleteOccurrences(module, ids) {
      await http({ method: 'DELETE', path: `/api/${module}/occurrences/multiple_delete/${ids.join(',')}` });
    },
    async addOccurrences(module, id, items: NewOccurrence[]) {
      try {
        const { json } = await http<{ data: RecordOccurrence[] }>({ method: 'POST', path: `/api/${module}/${encodeURIComponent(String(id))}/occurrences/batch`, body: { occurrences: items } });
        return json.data;
      } catch (error) {
        // The client keeps one message per field (`firstMessages`).
        const failure = error as { message?: string; body?: { message?: string; errors?: Record<string, string | string[]> } };
        const errors = Object.fromEntries(Object.entries(failure.body?.errors ?? {}).map(([field, messages]) => [field, Array.isArray(messages) ? messages : [messages]]));
        throw { message: failure.body?.message ?? failure.message ?? '', errors };
      }
    },
  };
}
