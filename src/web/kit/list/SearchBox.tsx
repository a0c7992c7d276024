import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'ra-core';
import { searchHint } from '../../../shared/search';
import { SearchIcon } from '../plain/icons';

const DEBOUNCE_MS = 500;

/** Where the search box's hint is: the input names it as its description. */
const HINT_ID = 'pesquisa-dica';

/** Free-text search (`q`), applied half a second after the last key, like react-admin's filter inputs. */
export function SearchBox() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  const latest = useRef({ filterValues, displayedFilters });
  latest.current = { filterValues, displayedFilters };
  // The address or another control may change the search: the box follows.
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (text === current) return;
    const timer = setTimeout(() => {
      const { q: _previous, ...rest } = latest.current.filterValues;
      setFilters(text ? { ...rest, q: text } : rest, latest.current.displayedFilters);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, current, setFilters]);
  return (
    <div className="search">
      <input type="text" value={text} onChange={(e) => setText(e.target.value)} placeholder="Pesquisar" aria-label="Pesquisar" aria-describedby={HINT_ID} />
      <SearchIcon />
    </div>
  );
}

/**
 * Under the list's actions, what the search applied reads by a start (src/shared/search.ts): its
 * words of one or two characters, and a number where the list searches CPFs or CNPJs (`byStart`:
 * their labels). Nothing while every word is searched anywhere.
 */
export function SearchHint({ byStart = [] }: { byStart?: string[] }) {
  const { filterValues } = useListContext();
  const hint = typeof filterValues.q === 'string' ? searchHint(filterValues.q, byStart) : null;
  return (
    <p id={HINT_ID} className="search-hint" aria-live="polite">
      {hint}
    </p>
  );
}
