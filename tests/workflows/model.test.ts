/**
 * A model-based test of the workflow run's state machine (fast-check commands): random sequences of
 * moves (start and finish tasks of any step, go to any step copying or not its optional tasks,
 * conclude, change the status to any value) against the real API, each judged by a model written
 * from the rules alone (spec 002 §4, docs/WORKFLOWS.md). A move the model calls illegal must be
 * refused and change nothing; a legal one must be accepted and leave the state the model expects.
 * After each sequence the history holds one line per accepted move. Illegal moves accepted: 0.
 *
 * The type: step 1 (required A, optional B) leads to 2 and 3; step 2 (optional C only, so done at
 * once) leads back to 1; step 3 (required D) ends the workflow.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { runTask } from './support/types.js';

type Status = '1' | '2' | '3' | '4';
interface TaskState { required: boolean; started: boolean; concluded: boolean }
interface Model { status: Status; step: number; tasks: Map<string, TaskState>; accepted: number; log: string[] }
interface Real { id: number }

/** The type's definition, by step number and task letter, as the model knows it. */
const STEPS: Record<number, { next: number[]; tasks: Record<string, boolean> }> = {
  1: { next: [2, 3], tasks: { A: true, B: false } },
  2: { next: [1], tasks: { C: false } },
  3: { next: [], tasks: { D: true } },
};
const LETTERS = ['A', 'B', 'C', 'D'];

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`the workflow run's state machine against a model [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let typeId = 0;
    const stepIds = new Map<number, number>();
    const taskIds = new Map<string, number>();
    const totals = { accepted: 0, refused: 0, illegalAccepted: 0, concluded: 0, canceled: 0 };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const sequence = await api('POST', '/api/sequencias', { name: 'Fluxos do modelo', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
      const steps = Object.entries(STEPS).map(([number, step]) => ({
        step_number: Number(number), name: `Etapa ${number}`, first: number === '1', workflow_phase_type_name: 'Única',
        next_steps: step.next.map((n) => ({ step_number: n })),
        task_types: Object.entries(step.tasks).map(([letter, required], index) => runTask(index + 1, letter, { required })),
      }));
      const type = await api('POST', '/api/tipo_fluxo_trabalho', { name: 'Fluxo do modelo', sequence_id: sequence.body.data.id, workflow_phase_types: [{ denomination: 'Única' }], step_types: steps });
      expect(type.status, JSON.stringify(type.body)).toBe(201);
      typeId = type.body.data.id;
      for (const step of type.body.data.step_types) {
        stepIds.set(step.step_number, step.id);
        for (const task of step.task_types) taskIds.set(task.description, task.id);
      }
    }, 120_000);

    afterAll(async () => server?.close());

    const stepDone = (m: Model) => [...m.tasks.values()].every((task) => !task.required || task.concluded);
    const enter = (m: Model, step: number, copyOptional: boolean) => {
      m.step = step;
      m.tasks = new Map(Object.entries(STEPS[step].tasks).filter(([, required]) => required || copyOptional).map(([letter, required]) => [letter, { required, started: false, concluded: false }]));
    };

    /** Sends a move; the model says whether it is legal; the answer and the run's state must agree. */
    async function judge(m: Model, r: Real, label: string, path: string, body: unknown, legal: boolean, apply: () => void) {
      const answer = await api('PUT', `/api/fluxo_trabalho/${r.id}/${path}`, body);
      m.log.push(`${label} → ${answer.status}`);
      if (legal) {
        expect(answer.status, `${m.log.join(', ')}: ${JSON.stringify(answer.body)}`).toBe(200);
        apply();
        m.accepted += 1;
        totals.accepted += 1;
      } else {
        if (answer.status < 400) totals.illegalAccepted += 1;
        expect([404, 409, 422], `${m.log.join(', ')}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
        totals.refused += 1;
      }
      const actual = (await api('GET', `/api/fluxo_trabalho/${r.id}/actual`)).body.data;
      expect(actual.status, m.log.join(', ')).toBe(m.status);
      expect(actual.concluded).toBe(m.status === '4');
      expect(actual.current_step.step_number, m.log.join(', ')).toBe(m.step);
      expect(actual.current_step.concluded, m.log.join(', ')).toBe(stepDone(m));
      const tasks = Object.fromEntries(actual.current_step.task_types.map((task: any) => [task.description, { required: task.required, started: task.task.started, concluded: task.task.concluded }]));
      expect(tasks, m.log.join(', ')).toEqual(Object.fromEntries(m.tasks));
    }

    class InitTask implements fc.AsyncCommand<Model, Real> {
      constructor(readonly letter: string) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const task = m.tasks.get(this.letter);
        await judge(m, r, this.toString(), `init_task/${taskIds.get(this.letter)}`, {}, m.status === '1' && task !== undefined && !task.started, () => { task!.started = true; });
      }
      toString = () => `init_task ${this.letter}`;
    }

    class FinishTask implements fc.AsyncCommand<Model, Real> {
      constructor(readonly letter: string) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const task = m.tasks.get(this.letter);
        await judge(m, r, this.toString(), `finish_task/${taskIds.get(this.letter)}`, { notes: `Nota ${this.letter}` }, m.status === '1' && task !== undefined && task.started && !task.concluded, () => { task!.concluded = true; });
      }
      toString = () => `finish_task ${this.letter}`;
    }

    class InitStep implements fc.AsyncCommand<Model, Real> {
      constructor(readonly step: number, readonly copyOptional: boolean) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const optional = Object.entries(STEPS[this.step].tasks).filter(([, required]) => !required).map(([letter]) => taskIds.get(letter));
        const legal = m.status === '1' && stepDone(m) && STEPS[m.step].next.includes(this.step);
        await judge(m, r, this.toString(), `init_step/${stepIds.get(this.step)}`, { tasks_to_copy: this.copyOptional ? optional : [] }, legal, () => enter(m, this.step, this.copyOptional));
      }
      toString = () => `init_step ${this.step}${this.copyOptional ? ' +optional' : ''}`;
    }

    const concludable = (m: Model) => m.status === '1' && stepDone(m) && STEPS[m.step].next.length === 0;

    class Finish implements fc.AsyncCommand<Model, Real> {
      check = () => true;
      async run(m: Model, r: Real) {
        await judge(m, r, this.toString(), 'finish', {}, concludable(m), () => { m.status = '4'; totals.concluded += 1; });
      }
      toString = () => 'finish';
    }

    class ChangeStatus implements fc.AsyncCommand<Model, Real> {
      constructor(readonly status: string) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const to = this.status;
        const legal = to === '1' ? m.status === '3' : to === '2' ? m.status === '1' || m.status === '3' : to === '3' ? m.status === '1' : to === '4' ? concludable(m) : false;
        await judge(m, r, this.toString(), `status/${to}`, {}, legal, () => {
          m.status = to as Status;
          if (to === '2') totals.canceled += 1;
          if (to === '4') totals.concluded += 1;
        });
      }
      toString = () => `status ${this.status}`;
    }

    /** The moves the model calls legal now, apart from status changes. */
    const legalMoves = (m: Model, copyOptional: boolean): fc.AsyncCommand<Model, Real>[] => {
      if (m.status !== '1') return [];
      const moves: fc.AsyncCommand<Model, Real>[] = [];
      for (const [letter, task] of m.tasks) {
        if (!task.started) moves.push(new InitTask(letter));
        else if (!task.concluded) moves.push(new FinishTask(letter));
      }
      if (stepDone(m)) for (const next of STEPS[m.step].next) moves.push(new InitStep(next, copyOptional));
      if (concludable(m)) moves.push(new Finish());
      return moves;
    };

    /** One of the legal moves (by `pick`), so that sequences get deep into the workflow; when none is, a conclusion is tried. */
    class Proceed implements fc.AsyncCommand<Model, Real> {
      constructor(readonly pick: number, readonly copyOptional: boolean) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const moves = legalMoves(m, this.copyOptional);
        await (moves.length ? moves[this.pick % moves.length] : new Finish()).run(m, r);
      }
      toString = () => `proceed ${this.pick}${this.copyOptional ? ' +optional' : ''}`;
    }

    const letter = fc.constantFrom(...LETTERS);
    const initTask = letter.map((l) => new InitTask(l));
    const finishTask = letter.map((l) => new FinishTask(l));
    const initStep = fc.tuple(fc.constantFrom(1, 2, 3), fc.boolean()).map(([step, copy]) => new InitStep(step, copy));
    const proceed = fc.tuple(fc.nat(5), fc.boolean()).map(([pick, copy]) => new Proceed(pick, copy));
    // Random moves (mostly illegal) beside legal ones picked by the model, listed several times over
    // (fc.commands picks among the list evenly), so that sequences get far into the workflow before a
    // status change pauses, cancels or concludes it.
    const commands = fc.commands([
      initTask, finishTask, initStep, proceed, proceed, proceed, proceed,
      fc.constant(new Finish()),
      fc.constantFrom('1', '2', '3', '4', '0', '5').map((status) => new ChangeStatus(status)),
    ], { maxCommands: 40, size: 'max' });

    it('accepts every legal move, refuses every illegal one and changes nothing then', async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const started = await api('PUT', `/api/fluxo_trabalho/init/${typeId}/${stepIds.get(1)}`, {});
          expect(started.status, JSON.stringify(started.body)).toBe(201);
          const model: Model = { status: '1', step: 1, tasks: new Map(), accepted: 0, log: [] };
          enter(model, 1, true);
          const real: Real = { id: started.body.data.id };
          await fc.asyncModelRun(() => ({ model, real }), sequence);
          const history = (await api('GET', `/api/fluxo_trabalho/${real.id}/history`)).body.data;
          expect(history, model.log.join(', ')).toHaveLength(model.accepted + 1);
        }),
        { numRuns: 50, seed: 20_261_127, endOnFailure: true },
      );
      console.info(`[${kind}] moves accepted ${totals.accepted}, refused ${totals.refused}, illegal accepted ${totals.illegalAccepted}, runs concluded ${totals.concluded}, cancelled ${totals.canceled}`);
      expect(totals.illegalAccepted).toBe(0);
      // The sequences reach every kind of end and refusal, or the test would prove little.
      expect(totals.refused).toBeGreaterThan(100);
      expect(totals.accepted).toBeGreaterThan(100);
      expect(totals.canceled).toBeGreaterThan(0);
      expect(totals.concluded).toBeGreaterThan(0);
    }, 600_000);
  });
}
