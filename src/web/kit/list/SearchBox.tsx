import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'ra-core';
import { SearchIcon } from '../plain/icons';

const DEBOUNCE_MS = 500;

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
      <input type="text" value={text} onChange={(e) => setText(e.target.value)} placeholder="Pesquisar" aria-label="Pesquisar" />
      <SearchIcon />
    </div>
  );
}
