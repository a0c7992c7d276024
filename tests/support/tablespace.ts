import { chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import type pg from 'pg';

/**
 * The tests' PostgreSQL databases kept in memory. A run creates and drops hundreds of databases, each
 * of a thousand files; on a disk whose file system keeps no journal, ext4 looks through the inodes
 * deleted in the last seconds before it hands out each new one (`perf`, 20 s of the unit files:
 * `recently_deleted` and `find_get_block_common` under `ext4_create`, 14 % of the processor's time).
 * In a tablespace on the machine's shared memory (tmpfs) a copy of the space template is made in
 * 110 ms instead of 143. Only where the server is on this machine and this process may hand it a
 * folder (as root); elsewhere every database stays in the server's default tablespace.
 */
export const TEST_TABLESPACE = 'conselho_tests';
const FOLDER = '/dev/shm/conselho-tests-postgres';

/**
 * Makes the tablespace when this machine allows it, and makes it again when its folder went with the
 * machine's memory (a restart): the databases the catalogue still places there are dropped first
 * (templates and leftovers, all the tests' own). Answers whether the tablespace is there to use.
 */
export async function ensureTestTablespace(client: pg.Client): Promise<boolean> {
  const found = await client.query<{ oid: number }>('select oid from pg_tablespace where spcname = $1', [TEST_TABLESPACE]);
  if (found.rowCount && holdsServerFolder(FOLDER)) return true;
  if (!mayPlace(client)) return false;
  if (found.rowCount) {
    const lost = await client.query<{ datname: string }>('select datname from pg_database where dattablespace = $1', [found.rows[0].oid]);
    for (const { datname } of lost.rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`drop tablespace if exists ${TEST_TABLESPACE}`);
  }
  const owner = statSync(await dataDirectory(client));
  mkdirSync(FOLDER, { recursive: true });
  chownSync(FOLDER, owner.uid, owner.gid);
  await client.query(`create tablespace ${TEST_TABLESPACE} location '${FOLDER}'`).catch(async (error: unknown) => {
    // Another run made it meanwhile.
    if (!(await client.query('select 1 from pg_tablespace where spcname = $1', [TEST_TABLESPACE])).rowCount) throw error;
  });
  return true;
}

/** Whether the tablespace exists on the tests' server: ` tablespace conselho_tests` for a `create database`, else nothing. */
export async function tablespaceClause(client: pg.Client): Promise<string> {
  const found = await client.query('select 1 from pg_tablespace where spcname = $1', [TEST_TABLESPACE]);
  return found.rowCount && holdsServerFolder(FOLDER) ? ` tablespace ${TEST_TABLESPACE}` : '';
}

/** Whether the folder holds the server's own (`PG_15_…`): made by `create tablespace`, gone after a restart. */
function holdsServerFolder(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith('PG_'));
}

function mayPlace(client: pg.Client): boolean {
  const local = ['127.0.0.1', 'localhost', '::1', undefined].includes(client.host) || client.host?.startsWith('/');
  return Boolean(local) && process.getuid?.() === 0 && existsSync('/dev/shm');
}

async function dataDirectory(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ data_directory: string }>('show data_directory');
  return rows[0].data_directory;
}
