import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field } from '../../language/index.js';
import { conditionHolds, ruleMessage } from '../../src/shared/field-rules.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { creator, validBody, withFollowers, writableEntities } from './support/bodies.js';
import { call, startTestServer, uploader, type TestServer } from './support/server.js';

for (const kind of DATABASE_KINDS) {
  describe(`validation, deletes, combos, rules and audit [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let create: ReturnType<typeof creator>;
    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      create = creator(server.model, (url, body) => api('POST', url, body), uploader(server, server.adminToken), (url) => api('GET', url));
    });
    afterAll(() => server?.close());

    it('names every missing required field in pt-BR, for every entity', async () => {
      for (const entity of writableEntities(server.model)) {
        const required = entity.fields.filter((f) => f.required && f.inForm && !f.readOnly && f.default === undefined);
        const blank = Object.fromEntries(required.map((f) => [f.name, f.kind === 'references' || f.kind === 'sublist' ? [] : '']));
        const response = await api('POST', `/api/${entity.module}`, blank);
        expect(response.status, entity.module).toBe(422);
        for (const field of required) {
          expect(response.body.errors[field.name], `${entity.module}.${field.name}`).toEqual([ruleMessage(field.messages, 'required', field.label)]);
        }
      }
    });

    it('checks lengths, types and formats with the field label', async () => {
      for (const entity of writableEntities(server.model)) {
        const body = await validBody(entity, create);
        // A field its condition hides for this body is stored null whatever it holds: nothing to check.
        const shown = (f: Field) => !f.when || f.when.hide === false || conditionHolds(f.when, body[f.when.field]);
        for (const field of entity.fields.filter((f) => f.inForm && shown(f) && f.maxLength && !f.pattern && f.kind === 'text')) {
          const response = await api('POST', `/api/${entity.module}`, { ...body, [field.name]: 'x'.repeat(field.maxLength! + 1) });
          expect(response.body.errors?.[field.name], `${entity.module}.${field.name}`).toEqual([`O campo ${field.label} não pode ter mais de ${field.maxLength} caracteres.`]);
        }
        for (const field of entity.fields.filter((f) => f.inForm && shown(f) && (f.kind === 'integer' || f.kind === 'reference'))) {
          const response = await api('POST', `/api/${entity.module}`, { ...body, [field.name]: 'abc' });
          expect(response.body.errors?.[field.name], `${entity.module}.${field.name}`).toEqual([`O campo ${field.label} é inválido.`]);
        }
        for (const field of entity.fields.filter((f) => f.inForm && shown(f) && f.pattern)) {
          const response = await api('POST', `/api/${entity.module}`, { ...body, [field.name]: '??' });
          expect(response.body.errors?.[field.name], `${entity.module}.${field.name}`).toContain(ruleMessage(field.messages, 'pattern', field.label, undefined, 'O campo {label} está em formato inválido.'));
        }
        for (const field of entity.fields.filter((f) => f.inForm && shown(f) && (f.kind === 'cpf' || f.kind === 'cnpj'))) {
          const response = await api('POST', `/api/${entity.module}`, { ...body, [field.name]: '11111111111' });
          expect(response.body.errors?.[field.name]).toEqual([field.kind === 'cpf' ? 'CPF Inválido' : 'CNPJ Inválido']);
        }
      }
    });

    it('refuses a taken unique value and an unknown referenced id on their fields', async () => {
      for (const entity of writableEntities(server.model)) {
        const body = await validBody(entity, create);
        // An empty value takes no place (an optional unique reference is left empty by the bodies): the test takes a filled one.
        const unique = entity.fields.find((f) => f.unique && f.inForm && body[f.name] != null);
        // A conditional reference (`x-when`) is stored null while its condition does not hold, whatever was sent.
        const reference = entity.fields.find((f) => f.kind === 'reference' && f.inForm && !f.when);
        if (!unique && !reference) continue;
        expect((await api('POST', `/api/${entity.module}`, body)).status).toBe(201);
        if (unique) {
          // Unique within other fields (a slug within its category): the same value among the same ones.
          const same = Object.fromEntries([unique.name, ...(unique.uniqueWithin ?? [])].map((name) => [name, body[name]]));
          const again = await api('POST', `/api/${entity.module}`, withFollowers(entity.module, { ...(await validBody(entity, create)), ...same }));
          expect(again.status, entity.module).toBe(422);
          expect(again.body.errors[unique.name]).toEqual([ruleMessage(unique.messages, 'unique', unique.label, undefined, 'Já existe um registro com este valor.')]);
        }
        if (reference) {
          const missing = await api('POST', `/api/${entity.module}`, { ...(await validBody(entity, create)), [reference.name]: 987654321 });
          expect(missing.status, entity.module).toBe(422);
          expect(missing.body.errors[reference.name]).toEqual(['O registro selecionado não existe.']);
        }
      }
    }, 120_000);

    it('answers 409 naming who uses a record, and deletes several all or nothing', async () => {
      const restricting = (f: Field) => f.kind === 'reference' && f.inForm && f.reference!.onDelete === 'restrict';
      const child = writableEntities(server.model).find((e) => e.fields.some(restricting))!;
      const field = child.fields.find(restricting)!;
      const parent = server.model.byModule.get(field.reference!.module)!;
      const used = await create(parent.module);
      const free = await create(parent.module);
      const childBody = { ...(await validBody(child, create)), [field.name]: used };
      expect((await api('POST', `/api/${child.module}`, childBody)).status).toBe(201);

      const blocked = await api('DELETE', `/api/${parent.module}/${used}`);
      expect(blocked).toEqual({ status: 409, body: { message: `Não é possível excluir: o registro é usado em ${child.label.plural}.` } });

      const together = await api('DELETE', `/api/${parent.module}/multiple_delete/${free},${used}`);
      expect(together.status).toBe(409);
      expect((await api('GET', `/api/${parent.module}/${free}`)).status).toBe(200);
      const withMissing = await api('DELETE', `/api/${parent.module}/multiple_delete/${free},987654321`);
      expect(withMissing.status).toBe(404);
      expect((await api('GET', `/api/${parent.module}/${free}`)).status).toBe(200);

      const another = await create(parent.module);
      expect((await api('DELETE', `/api/${parent.module}/multiple_delete/${free},${another}`)).status).toBe(200);
      expect((await api('GET', `/api/${parent.module}/${free}`)).status).toBe(404);
      expect((await api('GET', `/api/${parent.module}/${another}`)).status).toBe(404);
    });

    it('offers combos named by the combo label, filtered by text, by id and by the parent', async () => {
      // A reference to another module the API creates records of (one to its own, a department's above it, is left empty by the bodies).
      const chosen = (module: string) => (f: Field) =>
        f.kind === 'reference' && f.inForm && f.reference!.module !== module && server.model.byModule.get(f.reference!.module)!.operations.create;
      const child = writableEntities(server.model).find((e) => e.fields.some(chosen(e.module)))!;
      const field = child.fields.find(chosen(child.module))!;
      const parent = server.model.byModule.get(field.reference!.module)!;
      const parentId = await create(parent.module);
      const parentRecord = (await api('GET', `/api/${parent.module}/${parentId}`)).body.data;
      const options = (await api('GET', `/api/${parent.module}/combos?id=${parentId}`)).body.data;
      const extra = Object.fromEntries(parent.combos.default.fields.map((name) => [name, parentRecord[name] ?? null]));
      expect(options).toEqual([{ id: parentId, name: parent.comboLabel.map((name) => String(parentRecord[name])).join(' - '), ...extra }]);

      const childId = await create(child.module);
      const childRecord = (await api('GET', `/api/${child.module}/${childId}`)).body.data;
      const byParent = (await api('GET', `/api/${child.module}/combos?${field.name}=${childRecord[field.name]}`)).body.data;
      expect(byParent.map((o: { id: number }) => o.id)).toEqual([childId]);
      const label = String(childRecord[child.comboLabel[0]]);
      const byText = (await api('GET', `/api/${child.module}/combos?filter=${encodeURIComponent(label.toUpperCase())}`)).body.data;
      expect(byText.map((o: { id: number }) => o.id)).toContain(childId);
    });

    it('gives the options of several ids in one call, inactivated ones included', async () => {
      const entity = writableEntities(server.model).find((e) => e.inactivatable)!;
      const ids = [await create(entity.module), await create(entity.module), await create(entity.module)];
      const inactive = (await api('GET', `/api/${entity.module}/${ids[1]}`)).body.data;
      expect((await api('PUT', `/api/${entity.module}/${ids[1]}`, { ...inactive, inactivated: true })).status).toBe(200);
      const other = await create(entity.module);

      const options = (await api('GET', `/api/${entity.module}/combos?id=${ids.join(',')}`)).body.data;
      expect(options.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual(ids);
      expect(options.every((o: { name: unknown }) => typeof o.name === 'string' && o.name !== '')).toBe(true);
      const repeated = (await api('GET', `/api/${entity.module}/combos?id=${ids[0]}&id=${other}`)).body.data;
      expect(repeated.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual([ids[0], other]);
      const open = (await api('GET', `/api/${entity.module}/combos`)).body.data.map((o: { id: number }) => o.id);
      expect(open).not.toContain(ids[1]);
      expect(open).toContain(other);

      for (const bad of ['1,abc', '1,,-2', '1.5']) {
        const response = await api('GET', `/api/${entity.module}/combos?id=${encodeURIComponent(bad)}`);
        expect(response, bad).toEqual({ status: 400, body: { message: 'O parâmetro id deve ser um número inteiro ou uma lista deles separados por vírgula.' } });
      }
      const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
      expect((await api('GET', `/api/${entity.module}/combos?id=${tooMany}`)).status).toBe(400);
    });

    it('serves the form rules of each mode', async () => {
      for (const entity of writableEntities(server.model)) {
        expect((await api('GET', `/api/rules/${entity.module}/create`)).body).toEqual({ data: entity.rules.create });
        expect((await api('GET', `/api/rules/${entity.module}/edit`)).body).toEqual({ data: entity.rules.edit });
      }
    });

    it('writes one audit row per change, in the same transaction', async () => {
      const entity = writableEntities(server.model).find((e) => e.inactivatable)!;
      const body = await validBody(entity, create);
      const id = (await api('POST', `/api/${entity.module}`, body)).body.data.id;
      await api('PUT', `/api/${entity.module}/${id}`, { ...body, inactivated: true });
      await api('DELETE', `/api/${entity.module}/${id}`);
      const rows = await server.db.selectFrom('audits').selectAll().where('module', '=', entity.module).where('record_id', '=', id).orderBy('id').execute();
      expect(rows.map((r) => r.event)).toEqual(['created', 'updated', 'deleted']);
      expect(rows[0].new_values).toMatchObject({ id });
      expect(rows[1].old_values).toMatchObject({ inactivated: false });
      expect(rows[1].new_values).toMatchObject({ inactivated: true });
      expect(rows[2].old_values).toMatchObject({ id });
      const admin = await server.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      expect(rows.every((r) => Number(r.user_id) === Number(admin.id))).toBe(true);

      const before = await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const unique = entity.fields.find((f) => f.unique && f.inForm);
      if (unique) {
        const first = await validBody(entity, create);
        // Made first: the records it refers to are audited too.
        const second = await validBody(entity, create);
        await api('POST', `/api/${entity.module}`, first);
        const afterFirst = await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect((await api('POST', `/api/${entity.module}`, { ...second, [unique.name]: first[unique.name] })).status).toBe(422);
        const afterFailed = await server.db.selectFrom('audits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(afterFailed.n)).toBe(Number(afterFirst.n));
        expect(Number(afterFirst.n)).toBeGreaterThan(Number(before.n));
      }
    });
  });
}
