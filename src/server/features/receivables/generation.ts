import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { brDate } from '../../../shared/dates.js';
import { CalculationError } from '../../../shared/finance/settings.js';
import { dynamic } from '../../core/db/dynamic.js';
import { conflict, invalid, notFound } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import { billAnnuities, lockYear } from './billing.js';
import { addToTotals, classify, emptyTotals, type Classified, type RegistrationToClassify, type Totals } from './classification.js';
import { refuseConsolidated } from './consolidation.js';
import { blockedCandidates, registrationCount, registrationsToClassify, yearContext, type YearContext } from './generation-read.js';
import { InvalidInput } from './input.js';
import { MESSAGES, ORIGIN, type PostingContext } from './posting.js';
import { dateText } from './stored-settings.js';

/**
 * The annual generation's requests (docs/RECEIVABLES.md §4): the dry run of a year (every registration
 * classified, the totals stored as the run, nothing billed), the commit queued for the job
 * (./generation-job.ts) after its checks, a run as it stands, and one registration alone.
 */

export const GENERATION_MESSAGES = {
  running: (year: number) => `Já há uma geração de ${year} em andamento.`,
  dryRunNeeded: (name: string, year: number, today: string) =>
    `O tipo de débito "${name}" não permite gerar sem confirmação: informe uma simulação da geração de ${year} feita hoje (${brDate(today)}).`,
  dryRunNotOfYear: (year: number) => `A simulação informada não existe ou não é uma simulação da geração de ${year}.`,
  runNotFound: 'Geração não encontrada.',
  registrationNotFound: 'Inscrição não encontrada.',
} as const;

/** Registrations a batch reads and, committing, writes in one transaction (`GENERATION_BATCH_ROWS`, 1,000 by default). */
export const batchRows = () => Math.max(1, Number(process.env.GENERATION_BATCH_ROWS ?? 1_000) || 1_000);

export type RunRow = NonNullable<Awaited<ReturnType<typeof runRow>>>;
const runRow = (db: Kysely<SpaceDatabase>, id: number) => db.selectFrom('receivable_generations').selectAll().where('id', '=', id).executeTakeFirst();

/** A run as the routes answer it. */
export function runAnswer(row: RunRow) {
  const totals = (typeof row.totals === 'string' ? JSON.parse(row.totals) : row.totals) as Partial<Totals>;
  return {
    id: Number(row.id), year: row.year, debt_type_id: Number(row.debt_type_id), kind: row.kind as 'dry' | 'commit', state: row.state as 'queued' | 'running' | 'done' | 'failed', dry_run_id: row.dry_run_id == null ? null : Number(row.dry_run_id),
    run_date: dateText(row.run_date), done: row.done, total: row.total, totals: { registrations: totals.registrations ?? 0, lines: totals.lines ?? [] },
    error_reason: row.error_reason, created_by: row.created_by == null ? null : Number(row.created_by),
    created_at: new Date(row.created_at as unknown as string).toISOString(), finished_at: row.finished_at == null ? null : new Date(row.finished_at as unknown as string).toISOString(),
  };
}

/** The engine's refusals of a year's rules (a counting value, a rounding without configuration) as a 422 on `year`. */
export function classifyOn(registration: RegistrationToClassify, context: YearContext): Classified {
  try {
    return classify(registration, context.rules);
  } catch (error) {
    if (error instanceof InvalidInput || error instanceof CalculationError) throw invalid({ year: [error.message] });
    throw error;
  }
}

/** Classifies every registration of the space, a batch at a time, into totals. */
async function classifyAll(db: Kysely<SpaceDatabase>, context: YearContext): Promise<Totals> {
  let totals = emptyTotals();
  for (let after = 0; ;) {
    const rows = await registrationsToClassify(db, context, { after, limit: batchRows() });
    if (rows.length === 0) return totals;
    const classified = rows.map((registration) => ({ registration, result: classifyOn(registration, context) }));
    totals = addToTotals(totals, classified);
    after = rows.at(-1)!.id;
  }
}

/**
 * The dry run of year `year`: counts and totals per class, reason, category and range; stored as a
 * run of kind dry, nothing else written.
 * @example await dryRun(context, 2027) // { kind: 'dry', totals: { registrations: 3, lines: [{ class: 'billed', count: 2, total: '1360.00', … }] }, … }
 */
export async function dryRun(context: PostingContext, year: number) {
  const { db, model, today } = context;
  const yc = await yearContext(db, model, year, today);
  const totals = await classifyAll(db, yc);
  const row = await db
    .insertInto('receivable_generations')
    .values({ year, debt_type_id: Number(yc.debtType.id), kind: 'dry', state: 'done', totals: JSON.stringify(totals), done: totals.registrations, total: totals.registrations, run_date: today, created_by: context.userId, finished_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return runAnswer(row);
}

/** What a commit must meet before it is queued (§4): the debt type valid and the day not consolidated, a dry run of today when the type asks for it, no registration blocked. */
async function commitChecks(context: PostingContext, yc: YearContext, dryRunId: number | null | undefined): Promise<void> {
  const { db, today } = context;
  const type = yc.debtType;
  const valid = !type.inactivated && (type.start_date == null || dateText(type.start_date) <= today) && (type.end_date == null || dateText(type.end_date) >= today);
  if (!valid) throw invalid({ year: [MESSAGES.debtTypeNotInForce(type.denomination, today)] });
  await refuseConsolidated(db, today, 'year');
  const dry = dryRunId == null ? undefined : await runRow(db, dryRunId);
  // A dry run named is one of the year's, whether the debt type asks for it or not (the run keeps its id).
  if (dryRunId != null && (!dry || dry.kind !== 'dry' || dry.year !== yc.year)) throw invalid({ dry_run_id: [GENERATION_MESSAGES.dryRunNotOfYear(yc.year)] });
  if (type.allow_create_without_confirmation !== true && (!dry || dateText(dry.run_date) !== today)) {
    throw invalid({ dry_run_id: [GENERATION_MESSAGES.dryRunNeeded(type.denomination, yc.year, today)] });
  }
  const blocked = await firstBlocked(db, yc);
  if (blocked) throw invalid({ year: [MESSAGES.noValue(yc.year, blocked.range, blocked.category)] });
}

/** The first registration classified blocked, read among the few that may be. */
async function firstBlocked(db: Kysely<SpaceDatabase>, yc: YearContext): Promise<RegistrationToClassify | undefined> {
  for (let after = 0; ;) {
    const ids = await blockedCandidates(db, yc, after, batchRows());
    if (ids.length === 0) return undefined;
    const registrations = await registrationsToClassify(db, yc, { ids });
    const blocked = registrations.find((registration) => classifyOn(registration, yc).class === 'blocked');
    if (blocked) return blocked;
    after = ids.at(-1)!;
  }
}

const uniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/**
 * Queues the commit of year `year` after its checks; 409 while another of the year is queued or running.
 * @example await startCommit(context, { year: 2027, dry_run_id: 12 }) // { kind: 'commit', state: 'queued', total: 100000, … }
 */
export async function startCommit(context: PostingContext, body: { year: number; dry_run_id?: number | null }) {
  const { db, model, today } = context;
  const running = () => db.selectFrom('receivable_generations').select('id').where('year', '=', body.year).where('kind', '=', 'commit').where('state', 'in', ['queued', 'running']).executeTakeFirst();
  if (await running()) throw conflict(GENERATION_MESSAGES.running(body.year));
  const yc = await yearContext(db, model, body.year, today);
  await commitChecks(context, yc, body.dry_run_id);
  try {
    const row = await db
      .insertInto('receivable_generations')
      .values({ year: body.year, debt_type_id: Number(yc.debtType.id), kind: 'commit', state: 'queued', dry_run_id: body.dry_run_id ?? null, total: await registrationCount(db), run_date: today, created_by: context.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return runAnswer(row);
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(GENERATION_MESSAGES.running(body.year));
    throw error;
  }
}

/** Run `id` as it stands (its progress, its totals). */
export async function generationRun(db: Kysely<SpaceDatabase>, id: number) {
  const row = await runRow(db, id);
  if (!row) throw notFound(GENERATION_MESSAGES.runNotFound);
  return runAnswer(row);
}

/**
 * 'Gerar anuidade' of one registration (§4 'One registration alone'): the same classification, and
 * the annuity billed (origin 1) when it comes out billed or proportional; blocked is a 422.
 * @example await generateOne(context, 7, 2027) // { class: 'billed', reason: 'Valor integral', account: { formatted_number: 'ANU-000001/2026', … } }
 */
export async function generateOne(context: PostingContext, registrationId: number, year: number) {
  const { db, model, today } = context;
  const yc = await yearContext(db, model, year, today);
  const outcome = await db.transaction().execute(async (trx) => {
    await lockYear(trx, Number(yc.debtType.id), year);
    const [registration] = await registrationsToClassify(trx, yc, { ids: [registrationId] });
    if (!registration) throw notFound(GENERATION_MESSAGES.registrationNotFound);
    const result = classifyOn(registration, yc);
    if (result.class === 'blocked') throw invalid({ year: [MESSAGES.noValue(year, registration.range, registration.category)] });
    if (result.class !== 'billed' && result.class !== 'proportional') return { result, id: null };
    const [id] = await billAnnuities(trx, model, yc, [{ registration, result }], { origin: ORIGIN.generation, postingDate: today, userId: context.userId });
    return { result, id: id! };
  });
  const account = outcome.id == null ? null : await findRecord(dynamic(db), model.byModule.get('control_account')!, outcome.id);
  return { class: outcome.result.class, reason: outcome.result.reason, account };
}
