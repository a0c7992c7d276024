/**
 * Whether a typed registration number follows a situation's mask (`0` a digit, `A` a letter, `*`
 * either; `.`, `/`, `-` and spaces written as they are), the way the form's masked inputs read masks.
 * @example fitsMask('012345/A', '000000/A') // true
 */
export function fitsMask(value: string, mask: string): boolean {
  if (value.length !== mask.length) return false;
  return [...mask].every((slot, i) => {
    const c = value[i];
    if (slot === '0') return /[0-9]/.test(c);
    if (slot === 'A') return /[A-Za-z]/.test(c);
    if (slot === '*') return /[0-9A-Za-z]/.test(c);
    return c === slot;
  });
}
