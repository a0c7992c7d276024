import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCanAccess, usePermissions, useResourceContext } from 'ra-core';

/**
 * A module's route: shown only when the person holds its permission (list: `.index`, insert: `.store`
 * or 'admin' where the schema says so, edit: `.update`, view: `.show`), else /erro. Checking before
 * the screen mounts means a forbidden screen never asks the server for data.
 */
export function AccessGuard({ action, children }: { action: 'list' | 'create' | 'edit' | 'show'; children: ReactNode }) {
  const resource = useResourceContext();
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <Navigate to="/erro" replace />;
}

/** react-admin's access-denied page: the product sends such routes to /erro. */
export function AccessDeniedRedirect() {
  return <Navigate to="/erro" replace />;
}

/** A feature page's route (`resources/pages.ts`): shown only to a holder of one of its names, else /erro. */
export function PageGuard({ requires, children }: { requires: readonly string[]; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  // No names: a page of every module (the import), which asks the module's own permissions itself.
  const open = requires.length === 0 || requires.some((name) => (permissions ?? []).includes(name));
  return open ? <>{children}</> : <Navigate to="/erro" replace />;
}
