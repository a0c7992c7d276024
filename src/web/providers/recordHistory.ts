import type { HttpClient } from '../http/client';
import type { RecordHistory, RecordVersion } from '@kit/history/recordHistory';

/** A record's history and the restoring of a version (docs/API.md 'Record history'). */
export function recordHistory(http: HttpClient): RecordHistory {
  const base = (module: string, id: string | number) => `/api/${module}/${encodeURIComponent(String(id))}/versions`;
  return {
    async versions(module, id) {
      const { json } = await http<{ data: RecordVersion[] }>({ path: base(module, id) });
      return json.data;
    },
    async restoreVersion(module, id, version) {
      await http({ method: 'POST', path: `${base(module, id)}/${version}/restore` });
    },
  };
}
