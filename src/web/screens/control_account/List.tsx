import { Link } from 'react-router-dom';
import { useCanAccess } from 'ra-core';
import { ResourceList } from '@kit/list';
import { list } from '@generated/web/control_account/List';
import { AddIcon } from '../../kit/plain/icons';

/** The control accounts' list, with 'Lançar débito' (the posting screen, `/lancar_debito`) to whoever may post. */
export function ControlAccountList() {
  const { canAccess: mayPost } = useCanAccess({ resource: 'control_account', action: 'post' });
  const intro = mayPost ? (
    <div className="list-actions">
      <span className="grow" />
      <Link to="/lancar_debito" className="btn btn-contained">
        <AddIcon />
        Lançar débito
      </Link>
    </div>
  ) : undefined;
  return <ResourceList {...list} intro={intro} />;
}
