/** What the generator makes of one-at-a-time delete (`x-bulk-delete`) and modules open to anyone (`x-access`). */
import { describe, expect, it } from 'vitest';
import { emitFixture } from './support.js';

describe('the rules fixture in the OpenAPI document', () => {
  it('lists no multiple delete where records are deleted one at a time, and says who may call an open module', async () => {
    const paths = JSON.parse((await emitFixture('rules')).get('generated/openapi.json')!).paths;
    expect(paths['/api/servicos_arquivo/multiple_delete/{ids}']).toBeUndefined();
    expect(paths['/api/servicos_arquivo/{id}'].delete).toBeDefined();
    expect(paths['/api/tipos_parte/multiple_delete/{ids}'].delete).toBeDefined();
    expect(paths['/api/tipos_parte'].get.description).toBe('Qualquer usuário autenticado.');
    expect(paths['/api/servicos_arquivo'].get.description).toBe('Permissão: `fileService.index` ou `admin`.');
  });
});

describe('a read-only field (`readOnly`)', () => {
  it('is no key of a body, is shown on the form as the view shows it, and says so in the answer', async () => {
    const { loadModel } = await import('../../language/index.js');
    const { fieldSpec } = await import('../../generator/plan.js');
    const { projectRoot } = await import('./support.js');
    const rates = loadModel(projectRoot).byModule.get('cotacoes_moedas')!;
    const inverse = rates.fields.find((f) => f.name === 'exchange_rate_for_currency_one')!;
    expect(inverse).toMatchObject({ readOnly: true, required: true, nullable: false, inForm: true });
    for (const mode of ['create', 'edit'] as const) {
      expect(Object.keys(rates.rules[mode].properties as object)).not.toContain('exchange_rate_for_currency_one');
      expect(rates.rules[mode].required).not.toContain('exchange_rate_for_currency_one');
      expect(fieldSpec(inverse, mode)).toMatchObject({ viewOnly: true });
      expect(fieldSpec(inverse, mode).required).toBeUndefined();
    }
    const { readFileSync } = await import('node:fs');
    const schemas = JSON.parse(readFileSync(`${projectRoot}/generated/openapi.json`, 'utf8')).components.schemas;
    expect(schemas.CotacoesMoedas.properties.exchange_rate_for_currency_one.readOnly).toBe(true);
    expect(schemas.CotacoesMoedasCreate.properties.exchange_rate_for_currency_one).toBeUndefined();
  });
});
