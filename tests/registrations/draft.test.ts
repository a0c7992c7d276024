import { describe, expect, it } from 'vitest';
import { RecentMap } from '../../src/web/screens/inscricao/draft';

describe("the registration steps' memory of visits", () => {
  it('keeps only the most recent visits, however many a tab makes', () => {
    const visits = new RecentMap<string, number>(20);
    for (let visit = 0; visit < 1_000; visit++) visits.set(`visit-${visit}`, visit);
    expect(visits.size).toBe(20);
    expect(visits.has('visit-979')).toBe(false);
    expect(visits.get('visit-980')).toBe(980);
    expect(visits.get('visit-999')).toBe(999);
  });

  it('answers a visit the same again while it is recent, as a screen drawn twice asks twice', () => {
    const visits = new RecentMap<string, string | null>(2);
    visits.set('a', 'rascunho');
    visits.set('b', null);
    expect(visits.get('a')).toBe('rascunho');
    expect(visits.has('b')).toBe(true);
    expect(visits.get('b')).toBeNull();
    visits.set('a', 'rascunho');
    visits.set('c', null);
    expect(visits.has('a')).toBe(true);
    expect(visits.has('b')).toBe(false);
  });
});
