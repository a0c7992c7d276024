import type { HttpClient } from '../http/client';
import type { SavedView, SavedViews } from '@kit/list/savedViews';
import type { ShareableRole } from '../../shared/contracts/saved-views';

/** A list's saved views (docs/API.md 'Saved views'). */
export function savedViews(http: HttpClient): SavedViews {
  return {
    async savedViews(module) {
      const { json } = await http<{ data: SavedView[] }>({ path: '/api/saved_views', query: { module } });
      return json.data;
    },
    async shareableRoles() {
      const { json } = await http<{ data: ShareableRole[] }>({ path: '/api/saved_views/roles' });
      return json.data;
    },
    async saveView(view) {
      try {
        const { json } = await http<{ data: SavedView }>({ method: 'POST', path: '/api/saved_views', body: view });
        return json.data;
      } catch (error) {
        const failure = error as { message?: string; body?: { message?: string; errors?: Record<string, string | string[]> } };
        const errors = Object.fromEntries(Object.entries(failure.body?.errors ?? {}).map(([field, messages]) => [field, Array.isArray(messages) ? messages : [messages]]));
        throw { message: failure.body?.message ?? failure.message ?? '', errors };
      }
    },
    async deleteView(id) {
      await http({ method: 'DELETE', path: `/api/saved_views/${id}` });
    },
  };
}
