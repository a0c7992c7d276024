import { TextInput } from 'react-admin';
import { formatDate } from '@kit/format';
import { parseTypedDate } from '@kit/inputs/DateTextInput';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date range bound typed DD/MM/YYYY: 'De' starts at the day's first second, 'Até' takes the whole
 * day (up to 23:59:59), as a person means by 'até 10/05'.
 */
// `alwaysOn` is read by the list's filter form from the element itself.
export function DateBoundInput({ source, label, end }: { source: string; label: string; end?: boolean; alwaysOn?: boolean }) {
  return (
    <TextInput
      source={source}
      label={label}
      placeholder="DD/MM/AAAA"
      alwaysOn
      helperText={false}
      parse={(typed: string) => {
        const day = parseTypedDate(typed);
        return day && ISO_DATE.test(day) ? `${day} ${end ? '23:59:59' : '00:00:00'}` : day;
      }}
      format={(value: unknown) => (typeof value === 'string' && ISO_DATE.test(value.slice(0, 10)) ? formatDate(value.slice(0, 10)) : value == null ? '' : String(value))}
    />
  );
}
