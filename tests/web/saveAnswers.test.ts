import { describe, expect, it } from 'vitest';
import { answerOf, keepAnswer, letAnswerGo, subscribeToAnswers } from '../../src/web/providers/saveAnswers';

describe("a save's answer on its way to the screen that shows it", () => {
  it('takes the answer out of the record and keeps it for the module', () => {
    const result = keepAnswer('usuarios', { data: { id: 7, name: 'Ana', _answer: { space_accounts: [] } } });
    expect(result.data).toEqual({ id: 7, name: 'Ana' });
    expect(answerOf('usuarios')).toEqual({ space_accounts: [] });
    expect(answerOf('sistemas')).toBeNull();
    letAnswerGo('usuarios');
  });

  it('keeps the answer when the insert screen that heard it closes before the record screen opens', () => {
    let heard = 0;
    const insertScreenCloses = subscribeToAnswers(() => heard++);
    keepAnswer('usuarios', { data: { id: 8, _answer: { space_accounts: [{ tenant_name: 'regional' }] } } });
    insertScreenCloses();
    expect(heard).toBe(1);
    // The record's screen mounts afterwards and still finds the one-time passwords.
    expect(answerOf('usuarios')).toEqual({ space_accounts: [{ tenant_name: 'regional' }] });
  });

  it('forgets the answer only when the screen lets it go, and says so to the screens listening', () => {
    let heard = 0;
    const stop = subscribeToAnswers(() => heard++);
    letAnswerGo('usuarios');
    expect(answerOf('usuarios')).toBeNull();
    expect(heard).toBe(1);
    stop();
  });

  it('leaves a record without an answer as it is', () => {
    const result = { data: { id: 9, name: 'Bia' } };
    expect(keepAnswer('usuarios', result)).toBe(result);
    expect(answerOf('usuarios')).toBeNull();
  });
});
