import { describe, expect, it } from 'vitest';
import { jsonLines } from '../../src/web/kit/fields/jsonLines';
import { IMAGE_TYPE_MESSAGE, imageSizeProblem, imageTypeProblem } from '../../src/web/kit/inputs/imageChecks';
import { formatByKind } from '../../src/web/kit/formatKind';
import { filterPermissions } from '../../src/web/kit/inputs/PermissionInput';

describe('a JSON value as a person reads it', () => {
  it('lists key: value lines, nested keys dotted, booleans Sim/Não, secrets as the server masked them', () => {
    expect(jsonLines({ name: 'Ana', active: true, password: '[PROTEGIDO]', address: { city: 'Recife' } })).toEqual([
      'name: Ana',
      'active: Sim',
      'password: [PROTEGIDO]',
      'address.city: Recife',
    ]);
  });

  it('reads JSON text too, and shows nothing for an empty value', () => {
    expect(jsonLines('{"denomination":"Solteiro"}')).toEqual(['denomination: Solteiro']);
    expect(jsonLines(null)).toEqual([]);
    expect(jsonLines({ expires_at: '2030-12-31' })).toEqual(['expires_at: 31/12/2030']);
    expect(formatByKind({ source: 'new_values', kind: 'json', label: 'Depois' }, { a: 1, b: [1, 2] })).toBe('a: 1; b: 1, 2');
  });
});

describe('the profile image rules', () => {
  it('accepts JPEG and PNG only, with a pt-BR message otherwise', () => {
    expect(imageTypeProblem({ name: 'foto.jpg', type: 'image/jpeg' })).toBeUndefined();
    expect(imageTypeProblem({ name: 'foto.PNG', type: 'image/png' })).toBeUndefined();
    expect(imageTypeProblem({ name: 'foto.gif', type: 'image/gif' })).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('accepts exactly 300×300 pixels and says what size was chosen otherwise', () => {
    expect(imageSizeProblem(300, 300)).toBeUndefined();
    expect(imageSizeProblem(301, 300)).toBe('A imagem deve ter 300×300 pixels (a escolhida tem 301×300).');
  });
});

describe('filtering the permission picker as one types', () => {
  const entries = [
    { name: 'user.update', label: 'Usuários — alterar', module: 'usuarios', areaLabel: 'Sistema' },
    { name: 'gender.show', label: 'Gêneros — visualizar', module: 'generos', areaLabel: 'Tabelas auxiliares' },
    { name: 'gender.index', label: 'Gêneros — listar', module: 'generos', areaLabel: 'Tabelas auxiliares' },
  ];

  it('finds by words of the pt-BR label in any order, accents and case aside', () => {
    expect(filterPermissions(entries, 'generos visualizar').map((e) => e.name)).toEqual(['gender.show']);
    expect(filterPermissions(entries, 'ALTERAR usuários').map((e) => e.name)).toEqual(['user.update']);
  });

  it('finds by the technical name or the area, and keeps everything for an empty text', () => {
    expect(filterPermissions(entries, 'gender.index').map((e) => e.name)).toEqual(['gender.index']);
    expect(filterPermissions(entries, 'tabelas').length).toBe(2);
    expect(filterPermissions(entries, '  ').length).toBe(3);
  });
});
