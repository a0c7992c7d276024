/**
 * Every vector of fixtures/xss-vectors.ts, alone and wrapped in ordinary text, saved as a page's
 * content: the create answer, the record read back and the page view hold nothing that could run
 * (parsed, not matched: support/inspect-html.ts). Survivors: 0, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { XSS_VECTORS } from './fixtures/xss-vectors.js';
import { htmlProblems } from './support/inspect-html.js';

const BEFORE = 'Texto antes do vetor.';
const AFTER = 'Texto depois do vetor.';

// A tag left open at the end, CDATA or a processing instruction is text to an HTML parser: the few vectors made only of those.
it('finds something that could run in almost every vector as sent (the inspection is not blind)', () => {
  const clean = XSS_VECTORS.filter((vector) => htmlProblems(vector).length === 0);
  expect(clean.length, clean.join('\n')).toBeLessThanOrEqual(6);
});

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`hostile page content [${kind}]`, () => {
    let server: TestServer;
    let categoryId: number;
    beforeAll(async () => {
      server = await startTestServer(kind);
      categoryId = (await admin()('POST', '/api/categoria_pagina_dinamica', { denomination: 'Vetores', uri: 'vetores' })).body.data.id;
    });
    afterAll(() => server?.close());
    const admin = () => call(server, server.adminToken);

    it(`keeps none of the ${XSS_VECTORS.length} vectors, alone or in text, in what it answers`, async () => {
      expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
      const survivors: string[] = [];
      let refused = 0;
      const contents = XSS_VECTORS.flatMap((vector) => [vector, `<p>${BEFORE}</p>${vector}<p>${AFTER}</p>`]);
      for (const [index, content] of contents.entries()) {
        const slug = `vetor-${index}`;
        const created = await admin()('POST', '/api/pagina_dinamica', { title: `Vetor ${index}`, slug, content, custom_page_category_id: categoryId });
        // A vector alone may leave nothing: refused as missing content, and nothing stored.
        if (created.status === 422 && index % 2 === 0) {
          expect(created.body.errors, content).toEqual({ content: ['O campo Conteúdo é obrigatório.'] });
          refused += 1;
          continue;
        }
        expect(created.status, content).toBe(201);
        const shown = await admin()('GET', `/api/pagina_dinamica/${created.body.data.id}`);
        const viewed = await admin()('GET', `/api/pagina_dinamica/view/vetores/${slug}`);
        for (const [where, html] of [['create', created.body.data.content], ['show', shown.body.data.content], ['view', viewed.body.data.content]] as const) {
          const problems = htmlProblems(String(html));
          if (problems.length) survivors.push(`${where} ${JSON.stringify(content)} → ${JSON.stringify(html)}: ${problems.join(', ')}`);
        }
        // The text before a vector stays; what follows an unclosed <script> or <style> is its text, as a browser reads it.
        if (index % 2 === 1) expect(viewed.body.data.content, content).toContain(BEFORE);
      }
      expect(survivors).toEqual([]);
      // Most vectors alone are nothing once sanitised; the wrapped ones all keep their text.
      expect(refused).toBeGreaterThan(XSS_VECTORS.length / 2);
    }, 240_000);

    it('keeps what an editor writes: headings, emphasis, lists, quotes, code and safe links', async () => {
      const content = '<h1>Um</h1><h2>Dois</h2><h3>Três</h3><h4>Quatro</h4><p><strong>negrito</strong> <em>itálico</em> <u>sublinhado</u> <s>riscado</s> <code>x = 1</code><br>linha</p>'
        + '<ul><li><p>item</p></li></ul><ol><li><p>primeiro</p></li></ol><blockquote><p>citação</p></blockquote><pre><code>bloco</code></pre><hr>'
        + '<p><a href="https://cfm.org.br/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">site</a> <a href="mailto:ouvidoria@cfm.org.br">e-mail</a> <a href="http://exemplo.org">http</a></p>';
      const created = await admin()('POST', '/api/pagina_dinamica', { title: 'Editor', slug: 'editor', content, custom_page_category_id: categoryId });
      expect(created.body.data.content).toBe(content
        .replace('rel="noopener noreferrer nofollow"', 'rel="noopener noreferrer"')
        .replace('<br>', '<br />').replace('<hr>', '<hr />')
        .replace('href="mailto:ouvidoria@cfm.org.br"', 'href="mailto:ouvidoria@cfm.org.br" rel="noopener noreferrer"')
        .replace('href="http://exemplo.org"', 'href="http://exemplo.org" rel="noopener noreferrer"'));
      expect(htmlProblems(created.body.data.content)).toEqual([]);
    });
  });
}
