import { loadModel } from '../../language/index.js';
import { ROOT } from '../api/support/server.js';
import { certifiedRegistration } from '../certificates/support.js';
import type { TwoSpaces } from '../platform/support/platform.js';
import { setUpReceivables, type Api, type SetUp } from './api-support.js';

/**
 * Two spaces' administrators (`inA`, `inB`) and the receivables' configuration with a certified
 * registration set up in space A: what the receivables' tests across spaces start from.
 */
export async function receivablesInSpaceA(spaces: TwoSpaces): Promise<{ inA: Api; inB: Api; setUp: SetUp }> {
  const { a, b } = spaces.names;
  const inA: Api = (method, url, payload) => spaces.as(a, method, url, payload);
  const inB: Api = (method, url, payload) => spaces.as(b, method, url, payload);
  const post = async (url: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
    const answer = await inA(method, url, body);
    if (answer.status !== (method === 'POST' ? 201 : 200)) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const option = async (module: string, label: string, combo?: string) => {
    const answer = await inA('GET', `/api/${module}/combos?${new URLSearchParams({ filter: label, ...(combo ? { combo } : {}) })}`);
    return (answer.body.data as { id: number; name: string }[]).find((o) => o.name === label)!.id;
  };
  const setUp = await setUpReceivables(loadModel(ROOT), inA, {
    registration: async () => {
      const { registration } = await certifiedRegistration(post, option);
      return { id: registration.id, party_id: Number(registration.party_id), contribution_range_id: Number(registration.contribution_range_id), category_id: Number(registration.category_id) };
    },
  });
  return { inA, inB, setUp };
}
