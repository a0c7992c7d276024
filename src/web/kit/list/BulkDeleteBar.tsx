import { useState } from 'react';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDeleteMany, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';

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
          notify(count === 1 ? 'Item excluído com sucesso' : `${count} itens excluídos com sucesso`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message || 'Houve um erro ao tentar processar a sua requisição', { type: 'error' });
        },
      },
    );
  return (
    <Toolbar variant="dense" sx={{ bgcolor: 'action.selected', gap: 2 }} role="toolbar" aria-label="Ações em lote">
      <Typography sx={{ flex: 1 }}>{count === 1 ? '1 item selecionado' : `${count} itens selecionados`}</Typography>
      <Button color="inherit" onClick={() => onUnselectItems()}>
        Limpar seleção
      </Button>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        Excluir
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="Excluir itens"
        content={count === 1 ? 'Deseja realmente excluir o item selecionado?' : `Deseja realmente excluir os ${count} itens selecionados?`}
        confirm="Sim"
        cancel="Não"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </Toolbar>
  );
}
