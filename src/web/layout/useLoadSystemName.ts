import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { authProvider } from '../services';
import { systemName } from '../providers/permissions';
import { resourceNamed } from '../resources/catalog';
import { pageLabel } from '../resources/pages';
import { documentTitle, pageTitle, storeSystemName } from './pageTitle';
import { applyFrontParameters, currentFrontSettings } from '@kit/frontSettings';

// The load whose front parameters were applied: the same (cached) load again must not undo a change
// made since on the parameters screen.
let appliedLoad: unknown = null;

/** Reads the front parameters (theme colour, system name) and the tenant's system name from the initial load and applies them. */
export function useLoadSystemName() {
  const { pathname } = useLocation();
  useEffect(() => {
    let active = true;
    authProvider
      .loadData()
      .then((load) => {
        if (!active) return;
        if (load !== appliedLoad) applyFrontParameters(load.parameters);
        appliedLoad = load;
        const name = currentFrontSettings().systemName ?? systemName(load);
        storeSystemName(name);
        document.title = documentTitle(name, pageTitle(window.location.pathname, (m) => resourceNamed(m)?.label ?? pageLabel(m)));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [pathname]);
}
