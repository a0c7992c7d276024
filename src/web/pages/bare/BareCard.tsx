import type { FormEvent, ReactNode } from 'react';
import { storedSystemName } from '../../layout/pageTitle';

/** The frame of the bare pages (login, password recovery): one centred card holding a form, no menu. */
export function BareCard({ label, onSubmit, children }: { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <main className="bare">
      <form className="bare-card" onSubmit={onSubmit} noValidate aria-label={label}>
        <h1>{storedSystemName()}</h1>
        {children}
      </form>
    </main>
  );
}
