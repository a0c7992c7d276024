import { usePermissions } from 'ra-core';

/** Whether the signed-in person may move runs (`workflow.execute`, or 'admin'); the server decides each move. */
export function useMayExecute(): boolean {
  const { permissions } = usePermissions<string[]>();
  return (permissions ?? []).some((name) => name === 'workflow.execute' || name === 'admin');
}
