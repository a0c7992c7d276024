import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { councilDate } from '../../../shared/council-clock';
import { brDate } from '../../../shared/dates';
import { loadChunk } from '../../chunks';
import { http } from '../../services';
import { failureOf } from '../bare/failure';
import { MONTH_NAMES, reais, type FinanceFigures } from './finance';

const FinanceChart = lazy(() => loadChunk(() => import('./charts').then((m) => ({ default: m.FinanceChart }))));

/**
 * The dashboard's finance figures (docs/RECEIVABLES.md §9): billed and received in a chosen year,
 * open and overdue today, then billed against received month by month, as a table and as bars.
 */
export function FinanceSection() {
  const thisYear = Number(councilDate().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [figures, setFigures] = useState<FinanceFigures | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setFailure(null);
    http<{ data: FinanceFigures }>({ path: '/api/dashboard/financeiro', query: { ano: year } })
      .then(({ json }) => active && setFigures(json.data))
      .catch((error) => active && setFailure(failureOf(error).message));
    return () => {
      active = false;
    };
  }, [year]);
  const years = Array.from({ length: 6 }, (_, index) => thisYear + 1 - index);
  return (
    <section className="card dash-finance" aria-labelledby="dash-finance-title">
      <div className="dash-finance-head">
        <h2 id="dash-finance-title">
          <Link to="/control_account">Financeiro</Link>
        </h2>
        <label>
          Ano{' '}
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failure && (
        <div className="alert alert-error" role="alert">
          Não foi possível carregar os valores. {failure}
        </div>
      )}
      {figures && (
        <>
          <dl className="dash-money" aria-label="Valores financeiros">
            <div>
              <dt>Faturado em {figures.year}</dt>
              <dd>{reais(figures.billed)}</dd>
            </div>
            <div>
              <dt>Recebido em {figures.year}</dt>
              <dd>{reais(figures.received)}</dd>
            </div>
            <div>
              <dt>Em aberto em {brDate(figures.date)}</dt>
              <dd>{reais(figures.open)}</dd>
            </div>
            <div>
              <dt>Vencido em {brDate(figures.date)}</dt>
              <dd className="dash-overdue">{reais(figures.overdue)}</dd>
            </div>
          </dl>
          <div className="dash-split">
            <table className="rows dash-months" aria-label={`Faturado e recebido por mês em ${figures.year}`}>
              <thead>
                <tr>
                  <th scope="col">Mês</th>
                  <th scope="col">Faturado</th>
                  <th scope="col">Recebido</th>
                </tr>
              </thead>
              <tbody>
                {figures.months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{MONTH_NAMES[month.month - 1]}</th>
                    <td>{reais(month.billed)}</td>
                    <td>{reais(month.received)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Suspense fallback={<div className="dash-chart" aria-hidden="true" />}>
              <FinanceChart figures={figures} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}
