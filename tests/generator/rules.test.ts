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
