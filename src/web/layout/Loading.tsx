/** What shows while a screen's chunk or the permissions load. */
export function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      Carregando…
    </div>
  );
}
