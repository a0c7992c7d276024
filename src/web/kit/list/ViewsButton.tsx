import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useListContext, useNotify } from 'ra-core';
import { ConfirmDialog } from '../plain/ConfirmDialog';
import { useSavedViews, type SavedView, type ViewRefusal } from './savedViews';
import { useCloseOnOutside } from './useCloseOnOutside';

interface Props {
  resource: string;
  hidden: string[];
  onHidden: (sources: string[]) => void;
}

const FAILED = 'Houve um erro ao tentar processar a sua requisição';

/**
 * 'Visões': the list's saved views (the person's own, then those shared with a role they hold), each
 * opened with one click (its filters, sort, page size and hidden columns); 'Salvar visão' keeps how
 * the list is now under a name, for the person or shared with one of their roles; the person's own
 * views are deleted from here. Kept on the server, so they follow the person to another browser.
 */
export function ViewsButton({ resource, hidden, onHidden }: Props) {
  const list = useListContext();
  const notify = useNotify();
  const provider = useSavedViews();
  const [open, setOpen] = useState(false);
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [roles, setRoles] = useState<{ id: number; name: string }[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    if (!provider.savedViews) return;
    provider.savedViews(resource).then(setViews, (error: { message?: string }) => notify(error?.message ?? FAILED, { type: 'error' }));
  }, [provider, resource, notify]);
  useEffect(() => {
    if (!open) return;
    load();
    provider.shareableRoles?.().then(setRoles, () => setRoles([]));
  }, [open, load, provider]);
  useCloseOnOutside(open, box, () => setOpen(false));
  if (!provider.savedViews) return null;

  const apply = (view: SavedView) => {
    const { filter, sort, per_page: perPage, hidden_columns: hiddenColumns } = view.state;
    list.setFilters(filter, {}, false);
    if (sort) list.setSort(sort);
    if (perPage) list.setPerPage(perPage);
    onHidden(hiddenColumns);
    setOpen(false);
    notify(`Visão "${view.name}" aplicada`, { type: 'info' });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!provider.saveView) return;
    try {
      const saved = await provider.saveView({
        module: resource,
        name,
        role_id: role ? Number(role) : null,
        state: { filter: list.filterValues ?? {}, sort: list.sort ? { field: list.sort.field, order: list.sort.order } : null, hidden_columns: hidden, per_page: list.perPage ?? null },
      });
      notify(`Visão "${saved.name}" salva`, { type: 'success' });
      setName('');
      setRole('');
      setErrors({});
      load();
    } catch (error) {
      const refusal = error as ViewRefusal;
      setErrors(refusal.errors ?? {});
      if (Object.keys(refusal.errors ?? {}).length === 0) notify(refusal.message || FAILED, { type: 'error' });
    }
  };

  const remove = async () => {
    if (!provider.deleteView || !deleting) return;
    try {
      await provider.deleteView(deleting.id);
      notify(`Visão "${deleting.name}" excluída`, { type: 'success' });
      load();
    } catch (error) {
      notify((error as { message?: string })?.message ?? FAILED, { type: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  const messages = (field: string) => errors[field]?.map((message) => <span key={message} role="alert" className="field-error">{message}</span>);

  return (
    <div className="views-menu" ref={box}>
      <button type="button" className="btn" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Visões
      </button>
      {open && (
        <div id={panelId} className="popover" role="group" aria-label="Visões salvas">
          {views && views.length === 0 && <p className="muted">Nenhuma visão salva nesta lista.</p>}
          {views && views.length > 0 && (
            <ul>
              {views.map((view) => (
                <li key={view.id}>
                  <button type="button" className="link" onClick={() => apply(view)}>{view.name}</button>
                  {view.role_name && <span className="muted">{view.mine ? `compartilhada com ${view.role_name}` : view.role_name}</span>}
                  {view.mine && (
                    <button type="button" className="btn btn-small" aria-label={`Excluir a visão ${view.name}`} onClick={() => setDeleting(view)}>
                      Excluir
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={(event) => void save(event)} aria-label="Salvar a visão atual">
            <label>
              Nome da visão
              <input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} aria-invalid={Boolean(errors.name)} />
            </label>
            {messages('name')}
            {roles.length > 0 && (
              <label>
                Compartilhar com
                <select value={role} onChange={(event) => setRole(event.target.value)}>
                  <option value="">Só comigo</option>
                  {roles.map((option) => <option key={option.id} value={option.id}>{option.name}</option>)}
                </select>
              </label>
            )}
            {messages('role_id')}
            {Object.entries(errors).filter(([field]) => field.startsWith('state')).map(([, list]) => list.map((message) => <span key={message} role="alert" className="field-error">{message}</span>))}
            <button type="submit" className="btn btn-contained">Salvar visão</button>
          </form>
        </div>
      )}
      <ConfirmDialog
        open={deleting != null}
        title="Excluir visão"
        content={deleting ? `Deseja realmente excluir a visão "${deleting.name}"?` : ''}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
