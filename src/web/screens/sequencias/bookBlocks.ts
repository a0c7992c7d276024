import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

/** The book, leaf and order blocks and the values turning has_book on gives them (spec 000 §4). */
export const BOOK_BLOCKS = {
  book: { number_book: 1, start_book: 1, increment_book: 1 },
  leaf: { number_leaf: 1, start_leaf: 1, end_leaf: 100, increment_leaf: 1 },
  order: { number_order: 1, start_order: 1, end_order: 100, increment_order: 1 },
} as const;

const INITIAL: Record<string, number> = { ...BOOK_BLOCKS.book, ...BOOK_BLOCKS.leaf, ...BOOK_BLOCKS.order };

/**
 * Turning 'Possui livro' on fills the empty blocks (number, start and increment 1, leaf and order
 * end 100); turning it off clears them. A form reset (Cancelar, a reload) brings has_book and the
 * blocks back together, and only empty blocks are filled, so it changes nothing.
 */
export function useBookBlocks(): boolean {
  const { getValues, setValue } = useFormContext();
  const hasBook = useWatch({ name: 'has_book' }) === true;
  const before = useRef(hasBook);
  useEffect(() => {
    if (before.current === hasBook) return;
    before.current = hasBook;
    for (const [name, value] of Object.entries(INITIAL)) {
      const current = getValues(name);
      if (!hasBook) setValue(name, null, { shouldDirty: true });
      else if (current === null || current === undefined || current === '') setValue(name, value, { shouldDirty: true });
    }
  }, [hasBook, getValues, setValue]);
  return hasBook;
}
