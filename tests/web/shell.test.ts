import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from '../../src/web/http/session';
import { documentTitle, pageTitle } from '../../src/web/layout/pageTitle';
import { systemName } from '../../src/web/providers/permissions';

describe('the shell conventions', () => {
  it('talks to port 8000 when the page is served on 8080, else to the page host', () => {
    expect(apiBaseUrl({ protocol: 'http:', hostname: 'localhost', port: '8080', origin: 'http://localhost:8080' })).toBe('http://localhost:8000');
    expect(apiBaseUrl({ protocol: 'https:', hostname: 'crea.example', port: '', origin: 'https://crea.example' })).toBe('https://crea.example');
  });
  it('titles pages {system name} - {page}', () => {
    const labelOf = (m: string) => (m === 'estados_civis' ? { singular: 'Estado civil', plural: 'Estados civis' } : undefined);
    expect(documentTitle('Conselho', pageTitle('/', labelOf))).toBe('Conselho - Início');
    expect(pageTitle('/estados_civis', labelOf)).toBe('Estados civis');
    expect(pageTitle('/estados_civis/inserir', labelOf)).toBe('Inserir Estado civil');
    expect(pageTitle('/estados_civis/3', labelOf)).toBe('Estado civil');
    expect(pageTitle('/nada', labelOf)).toBe('Página não encontrada');
  });
  it("names the system after the tenant, or 'Conselho'", () => {
    expect(systemName({ tenant: { name: 'default', system_name: 'CREA-SP' } })).toBe('CREA-SP');
    expect(systemName({ tenant: { name: 'default' } })).toBe('Conselho');
    expect(systemName({ tenant: null })).toBe('Conselho');
  });
});
