/**
 * 200 registrations saved at once in one category, from two server processes on one PostgreSQL
 * database over HTTP, beside 20 second saves of a party being registered at that moment (refused by
 * the check before the draw, or by the one-open-registration index after it, rolling the draw back): every
 * committed registration has its own number and process number, with none missing in between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, startProductProcess, type ProductProcess } from '../resilience/support/product-process.js';
import { createTestTarget, type TestTarget } from '../support/databases.js';
import { ALREADY_REGISTERED } from '../../src/server/features/registrations/rules.js';
import { registrationSetUp, type RegistrationSetUp } from './support/configuration.js';

const REGISTRATIONS = 200;
const SECOND_TRIES = 20;
const IN_FLIGHT = 40;

describe('registrations from two server processes on one PostgreSQL', () => {
  let target: TestTarget;
  let servers: ProductProcess[] = [];
  let token: string;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    target = await createTestTarget('postgres', 'platformAndSpace');
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'test-registration-process-'));
      dataDirs.push(dir);
      return { DATABASE_URL: (target.target as { url: string }).url, DATA_DIR: dir };
    };
    servers = [await startProductProcess(env())];
    servers.push(await startProductProcess(env()));
    token = await logIn(servers[0].url);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await target?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const post = async (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
    const answer = await call(servers[0].url, method, path, { token, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const optionId = async (module: string, name: string) => {
    const { data } = (await call(servers[0].url, 'GET', `/api/${module}/combos?filter=${encodeURIComponent(name)}`, { token })).body;
    return (data as { id: number; name: string }[]).find((o) => o.name === name)!.id;
  };

  it(`${REGISTRATIONS} at once beside ${SECOND_TRIES} second saves of a party, refused: duplicate numbers 0, gaps 0`, async () => {
    const setUp: RegistrationSetUp = await registrationSetUp(post);
    const person = {
      short_name: 'Pessoa', date_birth: '1990-01-01', party_type_id: await optionId('tipos_parte', 'Pessoa Física'),
      genre_id: await optionId('generos', 'Feminino'), civil_status_id: await optionId('estados_civis', 'Solteiro(a)'),
      naturalness_id: (await call(servers[0].url, 'GET', '/api/municipios/combos?filter=Bras%C3%ADlia', { token })).body.data[0].id,
      nationality_id: await optionId('nacionalidades', 'Brasileira'),
    };
    const cpfs = new Set<string>();
    while (cpfs.size < REGISTRATIONS) cpfs.add(formatCpf(generateCpf()));
    const parties: number[] = [];
    for (const [i, cpf] of [...cpfs].entries()) parties.push(Number((await post('/api/pessoa_fisica', { ...person, name: `Profissional ${i + 1}`, individual_registration: cpf })).party_id));

    const body = (party: number) => ({
      person_type: 1, party_id: party, category_id: setUp.categories.engineer, registration_type_id: setUp.type,
      registration_phase_id: setUp.phases.definitive, situation_id: setUp.situations.active, contribution_range_id: setUp.ranges.full,
    });
    // Each of the first parties is sent twice: the copy must fail, whichever of the two commits first.
    const saves = [...parties.map((party) => body(party)), ...parties.slice(0, SECOND_TRIES).map((party) => body(party))];
    const committed: { number: number; formatted_number: string; process_number: number }[] = [];
    const refused: string[] = [];
    const unexpected: string[] = [];
    const byServer = [0, 0];
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < saves.length) {
        const i = next++;
        const server = i % 2;
        const answer = await call(servers[server].url, 'POST', '/api/inscricao', { token, body: saves[i] });
        if (answer.status === 201) {
          byServer[server] += 1;
          committed.push(answer.body.data);
        } else if (answer.status === 422 && answer.body.errors?.party_id) refused.push(answer.body.errors.party_id[0]);
        else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }));

    const numbers = committed.map((r) => r.number).sort((a, b) => a - b);
    const processes = committed.map((r) => r.process_number).sort((a, b) => a - b);
    const duplicates = numbers.length - new Set(numbers).size + processes.length - new Set(processes).size;
    const gaps = numbers.filter((n, i) => n !== i + 1).length + processes.filter((n, i) => n !== i + 1).length;
    const byIndex = refused.filter((message) => message !== ALREADY_REGISTERED).length;
    console.log(`[registrations, 2 processes] ${saves.length} saves: ${committed.length} committed (${byServer.join(' + ')}), ${refused.length} refused (${byIndex} by the index after drawing, ${refused.length - byIndex} by the check before), numbers ${numbers[0]}–${numbers.at(-1)}, duplicates ${duplicates}, gaps ${gaps}`);
    expect(unexpected).toEqual([]);
    expect(committed).toHaveLength(REGISTRATIONS);
    expect(refused).toHaveLength(SECOND_TRIES);
    expect({ duplicates, gaps }).toEqual({ duplicates: 0, gaps: 0 });
    expect(numbers.at(-1)).toBe(REGISTRATIONS);
    expect(byServer.every((count) => count > 0)).toBe(true);
    const year = committed[0].formatted_number.slice(-4);
    expect(new Set(committed.map((r) => r.formatted_number))).toEqual(new Set(numbers.map((n) => `${String(n).padStart(6, '0')}/${year}`)));
  }, 300_000);
});
