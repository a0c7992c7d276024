import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCanAccess, useResourceContext } from 'react-admin';

/** The insert route: `{permission}.store` (or 'admin' where the schema says so), else /erro. */
export function InsertGuard({ children }: { children: ReactNode }) {
  const resource = useResourceContext();
  const { canAccess, isPending } = useCanAccess({ resource, action: 'create' });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <Navigate to="/erro" replace />;
}

/** react-admin's access-denied page: the product sends such routes to /erro. */
export function AccessDeniedRedirect() {
  return <Navigate to="/erro" replace />;
}
