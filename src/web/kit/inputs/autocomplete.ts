/**
 * What every react-admin autocomplete of the kit shares. It does not open on focus: a row added to
 * a sub-list has its first field focused by the form (react-hook-form's append), and a list opened
 * on that focus was closed again by the person's first click into the field. A click or typing opens it.
 */
export const AUTOCOMPLETE_BEHAVIOUR = { openOnFocus: false, noOptionsText: 'Nenhum Resultado' } as const;

/**
 * A picker of one record opened again lists the chosen option among the others, marked as chosen:
 * react-admin hides chosen options (right for chips of many values), which left a filled picker
 * whose only option was the chosen one saying 'Nenhum Resultado'.
 */
export const ONE_CHOICE_BEHAVIOUR = { ...AUTOCOMPLETE_BEHAVIOUR, filterSelectedOptions: false } as const;
