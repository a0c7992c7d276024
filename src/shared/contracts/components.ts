import { recordVersion } from './record-history.js';

/**
 * The named schemas the generated document refers to and the routes' contracts define: the served
 * document takes them from here (`#/components/schemas/<name>`), so each is written once.
 */
export const contractComponents = { RecordVersion: recordVersion } as const;
