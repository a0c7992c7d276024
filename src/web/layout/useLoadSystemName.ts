import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { authProvider } from '../services';
import { systemName } from '../providers/permissions';
import { resourceNamed } from '../resources/catalog';
import { documentTitle, pageTitle, storeSystemName } from './pageTitle';

/** Reads the tenant's system name from the initial load and refreshes the title with it. */
export function useLoadSystemName() {
  const { pathname } = useLocation();
  useEffect(() => {
    let active = true;
    authProvider
      .loadData()
      .then((load) => {
        if (!active) return;
        const name = systemName(load);
        storeSystemName(name);
        document.title = documentTitle(name, pageTitle(window.location.pathname, (m) => resourceNamed(m)?.label));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [pathname]);
}
