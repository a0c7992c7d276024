interface BareFieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  error?: string;
  /** Optional fields (the login's 'Espaço') lose the asterisk. */
  required?: boolean;
  helperText?: string;
}

/** A labelled text field of plain elements; its help or error text is tied to it for screen readers. */
export function BareField({ id, label, onChange, error, required = true, helperText, ...input }: BareFieldProps) {
  const help = error ?? helperText;
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
    </div>
  );
}
