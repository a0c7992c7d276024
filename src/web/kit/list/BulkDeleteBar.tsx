import { useState } from 'react';
import { useDeleteMany, useListContext, useNotify, useRefresh, useResourceContext } from 'ra-core';
import { ConfirmDialog } from '../plain/ConfirmDialog';
import { DeleteIcon } from '../plain/icons';

/** Shown while rows are selected: how many, and 'Excluir' behind a pt-BR confirmation. */
export function BulkDeleteBar() {
  const { selectedIds, onUnselectItems } = useListContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteMany, { isPending }] = useDeleteMany();
  if (selectedIds.length === 0) return null;
  const count = selectedIds.length;
  const confirm = () =>
    deleteMany(
      resource,
      { ids: selectedIds },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          onUnselectItems();
          notify(count === 1 ? 'Registro excluído com sucesso' : `${count} registros excluídos com sucesso`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message || 'Houve um erro ao tentar processar a sua requisição', { type: 'error' });
        },
      },
    );
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Ações em lote">
      <span className="grow">{count === 1 ? '1 registro selecionado' : `${count} registros selecionados`}</span>
      <button type="button" className="btn btn-inherit" onClick={() => onUnselectItems()}>
        Limpar seleção
      </button>
      <button type="button" className="btn btn-error" onClick={() => setOpen(true)}>
        <DeleteIcon />
        Excluir
      </button>
      <ConfirmDialog
        open={open}
        busy={isPending}
        title={count === 1 ? 'Excluir registro' : 'Excluir registros'}
        content={count === 1 ? 'Deseja realmente excluir o registro selecionado?' : `Deseja realmente excluir os ${count} registros selecionados?`}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
