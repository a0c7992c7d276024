import type { RunningProduct } from './product';

/**
 * The product's API as its administrator, beside the browser: one login, its token kept for every
 * call. A call that is not answered 2xx throws with the answer, so a set-up step never fails unseen.
 */
export function adminApi(product: () => RunningProduct) {
  let token: string | undefined;
  const url = (path: string) => `${product().url}${path}`;
  async function api(method: string, path: string, body?: unknown): Promise<any> {
    token ??= (await (await fetch(url('/api/auth'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: product().adminEmail, password: product().adminPassword }) })).json()).data.token;
    const response = await fetch(url(path), { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }
  /** The id of the first option of a module's combo whose name starts with `label`. */
  async function optionId(module: string, label: string, combo?: string): Promise<number> {
    const { data } = await api('GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
    return (data as { id: number; name: string }[]).find((o) => o.name.startsWith(label))!.id;
  }
  return { api, optionId };
}
