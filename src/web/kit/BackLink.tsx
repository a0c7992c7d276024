import { Link } from 'react-router-dom';
import { useGetResourceLabel, useResourceContext } from 'ra-core';
import { ArrowBackIcon } from './plain/icons';

/**
 * The way back from a record screen to its list: '‹ Estados civis' above the form or view.
 * @example <BackLink />
 */
export function BackLink() {
  const resource = useResourceContext();
  const label = useGetResourceLabel()(resource ?? '', 2);
  if (!resource) return null;
  return (
    <nav className="back-link" aria-label="Trilha de navegação">
      <Link to={`/${resource}`}>
        <ArrowBackIcon />
        {label}
      </Link>
    </nav>
  );
}
