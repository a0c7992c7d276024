import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDataProvider } from 'ra-core';
import type { Choice, FieldSpec } from '../types';
import { COMBOS_META, MORE_OPTIONS_HINT, TYPE_AHEAD_LIMIT } from '../combos';

/** How long typing pauses before the options are asked for. */
const TYPING_PAUSE_MS = 250;

interface Props {
  spec: FieldSpec;
  /** The filter's current value (an id), or undefined for 'Todos'. */
  value: unknown;
  onChange(value: Choice['id'] | undefined): void;
}

/**
 * A reference filter over a large module, with plain elements (an ARIA combobox): what is typed asks
 * the module's combos for a few options at a time, so no list of thousands loads; the chosen option's
 * name is read by its id; an empty text means 'Todos'. When more options match than came, it says to
 * type on instead of cutting the list silently.
 */
export function TypeAheadFilter({ spec, value, onChange }: Props) {
  const dataProvider = useDataProvider();
  const module = spec.reference?.module ?? spec.source;
  const listId = useId();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Choice[]>([]);
  const [more, setMore] = useState(false);
  const [open, setOpen] = useState(false);
  /** Whether options have come for what is typed now (no 'Nenhum Resultado' while they are on their way). */
  const [answered, setAnswered] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  // The name of the chosen option (a list opened with the filter in its address knows only the id).
  useEffect(() => {
    if (value == null || value === '') return setText('');
    let live = true;
    dataProvider
      .getMany(module, { ids: [value as Choice['id']], meta: COMBOS_META })
      .then(({ data }) => live && setText(String(data[0]?.name ?? value)))
      .catch(() => live && setText(String(value)));
    return () => {
      live = false;
    };
  }, [dataProvider, module, value]);

  useEffect(() => {
    if (!open || !typed.current) return;
    let live = true;
    const timer = setTimeout(() => {
      dataProvider
        .getList(module, { pagination: { page: 1, perPage: TYPE_AHEAD_LIMIT }, sort: { field: 'name', order: 'ASC' }, filter: { q: text, limit: TYPE_AHEAD_LIMIT }, meta: COMBOS_META })
        .then(({ data, pageInfo }) => {
          if (!live) return;
          setOptions(data.map((r) => ({ id: r.id, name: String(r.name ?? '') })));
          setMore(pageInfo?.hasNextPage === true);
          setAnswered(true);
          setActive(-1);
        })
        .catch(() => {
          if (live) setOptions([]);
        });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dataProvider, module, text, open]);

  const choose = (choice: Choice | undefined) => {
    typed.current = false;
    setOpen(false);
    setText(choice ? choice.name : '');
    onChange(choice?.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (options.length ? (at + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const onBlur = () => {
    setOpen(false);
    // Emptied text clears the filter; a half-typed one goes back to the chosen option's name.
    if (text.trim() === '') {
      if (value != null && value !== '') choose(undefined);
    } else typed.current = false;
  };

  const expanded = open && answered;
  return (
    <div className="filter type-ahead">
      <label htmlFor={`${listId}-input`}>{spec.label}</label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Todos"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${listId}-options`}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          typed.current = true;
          setAnswered(false);
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          typed.current = true;
          setOpen(true);
        }}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <ul id={`${listId}-options`} role="listbox" aria-label={spec.label} className="type-ahead-options">
          {options.map((option, index) => (
            <li
              key={String(option.id)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.name}
            </li>
          ))}
          {options.length === 0 && !more && <li className="type-ahead-note">Nenhum Resultado</li>}
          {more && <li className="type-ahead-note">{MORE_OPTIONS_HINT}</li>}
        </ul>
      )}
    </div>
  );
}
