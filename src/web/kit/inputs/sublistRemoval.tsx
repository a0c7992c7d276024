import { createContext, useState } from 'react';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { IconButtonWithTooltip, useSimpleFormIterator, useSimpleFormIteratorItem } from 'react-admin';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '../plain/ConfirmDialog';

type Values = Record<string, unknown>;

/**
 * What a screen does when a row of one of its sub-lists is removed: `question` (given the row and
 * the whole form) asks first when it answers a text (Sim/Não), and `removed` tidies the rest of the
 * form once the row is gone (a workflow type's steps forget a removed phase).
 */
export interface SublistRemoval {
  title: string;
  question?: (item: Values, form: Values) => string | null;
  removed?: (item: Values, form: UseFormReturn) => void;
}

/** The removal rules of a screen's sub-lists, by the sub-list's source. */
export const SublistRemovals = createContext<Record<string, SublistRemoval>>({});

/** A sub-list row's remove button that follows its screen's `SublistRemoval`. */
export function RuledRemoveButton({ rule }: { rule: SublistRemoval }) {
  const { index, remove } = useSimpleFormIteratorItem();
  const { source } = useSimpleFormIterator();
  const form = useFormContext();
  const [question, setQuestion] = useState<string | null>(null);
  const item = () => (form.getValues(`${source}.${index}`) ?? {}) as Values;
  const removeRow = () => {
    const removed = item();
    remove();
    rule.removed?.(removed, form);
  };
  return (
    <>
      <IconButtonWithTooltip
        label="ra.action.remove"
        size="small"
        color="warning"
        className={`button-remove button-remove-${source}-${index}`}
        onClick={() => {
          const asked = rule.question?.(item(), form.getValues() as Values) ?? null;
          if (asked) setQuestion(asked);
          else removeRow();
        }}
      >
        <RemoveIcon fontSize="small" />
      </IconButtonWithTooltip>
      <ConfirmDialog
        open={question !== null}
        title={rule.title}
        content={question ?? ''}
        onConfirm={() => {
          setQuestion(null);
          removeRow();
        }}
        onClose={() => setQuestion(null)}
      />
    </>
  );
}
