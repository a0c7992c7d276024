import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { resourceNamed } from '../resources/catalog';
import { pageLabel } from '../resources/pages';
import { documentTitle, pageTitle, storedSystemName } from './pageTitle';

/** Keeps document.title as `{system name} - {page}`; `page` overrides the title derived from the path. */
export function usePageTitle(page?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(storedSystemName(), page ?? pageTitle(pathname, (m) => resourceNamed(m)?.label ?? pageLabel(m)));
  }, [pathname, page]);
}
