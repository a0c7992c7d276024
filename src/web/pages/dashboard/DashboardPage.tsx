import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePermissions } from 'ra-core';
import { PageTitle } from '../../layout/PageTitle';
import { http } from '../../services';
import { failureOf } from '../bare/failure';
import { eventName } from '../../screens/auditoria/events';
import { formatDateTime } from '@kit/format';
import { loadChunk } from '../../chunks';
import { countText, MONITOR_STATUSES, statusLabel, type Dashboard } from './types';
import { seesFinance } from './finance';
import { FinanceSection } from './FinanceSection';

// The charts bring MUI X Charts (and MUI's styling): a chunk of their own, after the figures are on screen.
const AreaChart = lazy(() => loadChunk(() => import('./charts').then((m) => ({ default: m.AreaChart }))));
const MonitorChart = lazy(() => loadChunk(() => import('./charts').then((m) => ({ default: m.MonitorChart }))));

/**
 * `/dashboard` (spec 000 §2): the finance figures (for those who may see control accounts), the
 * records of each area the person may list, the monitors at a glance (for those who may see them)
 * and their own latest changes. Figures first, in plain elements; the
 * charts follow in their own chunk and repeat what the figures say.
 */
export default function DashboardPage() {
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { permissions } = usePermissions<string[]>();
  const mayOpenAudit = (permissions ?? []).some((name) => name === 'admin' || name === 'audit.show');
  useEffect(() => {
    let active = true;
    http<{ data: Dashboard }>({ path: '/api/dashboard' })
      .then(({ json }) => active && setDashboard(json.data))
      .catch((error) => active && setFailure(failureOf(error).message));
    return () => {
      active = false;
    };
  }, []);
  return (
    <div className="dashboard">
      <PageTitle title="Painel" />
      <h1 className="visually-hidden">Painel</h1>
      {failure && (
        <div className="alert alert-error" role="alert">
          Não foi possível carregar os dados. {failure}
        </div>
      )}
      {!dashboard && !failure && (
        <div className="loading" role="status">
          Carregando…
        </div>
      )}
      {dashboard && (
        <>
          {seesFinance(permissions) && <FinanceSection />}
          <section className="card dash-areas" aria-labelledby="dash-areas-title">
            <h2 id="dash-areas-title">Registros por área</h2>
            {dashboard.areas.length === 0 ? (
              <p>Nenhum cadastro liberado para você.</p>
            ) : (
              <div className="dash-split">
                <div className="dash-figures">
                  {dashboard.areas.map((area) => (
                    <div key={area.area} className="dash-area">
                      <h3>
                        {area.label} <span className="dash-total">{countText(area.total, area.exact)}</span>
                      </h3>
                      <ul>
                        {area.modules.map((module) => (
                          <li key={module.module}>
                            <Link to={`/${module.module}`}>{module.label}</Link>
                            <span>{countText(module.count, module.exact)}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
                <Suspense fallback={<div className="dash-chart" aria-hidden="true" />}>
                  <AreaChart areas={dashboard.areas} />
                </Suspense>
              </div>
            )}
          </section>
          {dashboard.monitors && (
            <section className="card dash-monitors" aria-labelledby="dash-monitors-title">
              <h2 id="dash-monitors-title">
                <Link to="/monitores">Monitores</Link>
              </h2>
              <div className="dash-split">
                <div>
                  <ul className="dash-statuses">
                    {MONITOR_STATUSES.map((status) => (
                      <li key={status.id}>
                        <span className="dash-dot" style={{ background: status.color }} aria-hidden="true" />
                        {status.label}
                        <strong>{dashboard.monitors!.by_status[status.id] ?? 0}</strong>
                      </li>
                    ))}
                  </ul>
                  {dashboard.monitors.attention.length === 0 ? (
                    <p>{dashboard.monitors.total === 0 ? 'Nenhum monitor cadastrado.' : 'Nenhum monitor fora do ar ou com alerta.'}</p>
                  ) : (
                    <ul className="dash-attention" aria-label="Monitores que pedem atenção">
                      {dashboard.monitors.attention.map((monitor) => (
                        <li key={monitor.id}>
                          <Link to={`/monitores/${monitor.id}`}>
                            {monitor.system_name} — {monitor.service_name}
                          </Link>
                          <span>
                            {statusLabel(monitor.uptime_status)}
                            {monitor.uptime_check_failure_reason ? `: ${monitor.uptime_check_failure_reason}` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {dashboard.monitors.total > 0 && (
                  <Suspense fallback={<div className="dash-chart" aria-hidden="true" />}>
                    <MonitorChart byStatus={dashboard.monitors.by_status} />
                  </Suspense>
                )}
              </div>
            </section>
          )}
          <section className="card dash-recent" aria-labelledby="dash-recent-title">
            <h2 id="dash-recent-title">Minhas alterações recentes</h2>
            {dashboard.recent.length === 0 ? (
              <p>Nenhuma alteração sua registrada ainda.</p>
            ) : (
              <table className="rows">
                <thead>
                  <tr>
                    <th scope="col">Data</th>
                    <th scope="col">Evento</th>
                    <th scope="col">Cadastro</th>
                    <th scope="col">Registro</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.recent.map((entry) => (
                    <tr key={entry.id}>
                      <td>{mayOpenAudit ? <Link to={`/auditoria/${entry.id}`}>{formatDateTime(entry.created_at)}</Link> : formatDateTime(entry.created_at)}</td>
                      <td>{eventName(entry.event)}</td>
                      <td>{entry.module_label}</td>
                      <td>{entry.event === 'deleted' ? entry.record_id : <Link to={`/${entry.module}/${entry.record_id}`}>{entry.record_id}</Link>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
