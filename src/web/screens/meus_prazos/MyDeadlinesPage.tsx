import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../layout/PageTitle';
import { Loading } from '../../layout/Loading';
import { brDate, myDeadlines, sentAt, timeLeft, type MyDeadline, type SentReminder } from './myDeadlines';

type State = { status: 'loading' } | { status: 'shown'; deadlines: MyDeadline[] } | { status: 'failed'; message: string };

/**
 * `/meus_prazos`: the caller's open deadlines (those they are reminded of by e-mail), the nearest end
 * first, with the time left and the reminders already sent. A plain list.
 */
export default function MyDeadlinesPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    myDeadlines().then(
      (deadlines) => current && setState({ status: 'shown', deadlines }),
      (error: { message?: string }) => current && setState({ status: 'failed', message: error.message ?? 'Não foi possível carregar os seus prazos.' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <section className="card my-deadlines">
      <PageTitle title="Meus prazos" />
      <h1>Meus prazos</h1>
      <p className="my-deadlines-intro">Os prazos em aberto pelos quais você é avisado por e-mail, do vencimento mais próximo ao mais distante.</p>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      {state.status === 'shown' && state.deadlines.length === 0 ? <p>Nenhum prazo em aberto.</p> : null}
      {state.status === 'shown' && state.deadlines.length > 0 ? (
        <ul className="my-deadlines-list">
          {state.deadlines.map((deadline) => (
            <DeadlineItem key={deadline.id} deadline={deadline} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DeadlineItem({ deadline }: { deadline: MyDeadline }) {
  const urgent = deadline.expired || deadline.business_days_left <= 1;
  return (
    <li className={urgent ? 'my-deadline urgent' : 'my-deadline'}>
      <div className="my-deadline-head">
        <strong>{deadline.deadline_type}</strong>
        <span className="my-deadline-left">{timeLeft(deadline)}</span>
      </div>
      <div>{deadline.record_path ? <Link to={deadline.record_path}>{deadline.record}</Link> : deadline.record}</div>
      <div>
        {deadline.expired ? 'Venceu em' : 'Vence em'} {brDate(deadline.deadline_moment)} às {deadline.deadline_moment.slice(11, 16)}
        {deadline.status !== 1 ? ` · ${deadline.status_label}` : ''}
      </div>
      {deadline.reminders.length > 0 ? (
        <ul className="my-deadline-reminders" aria-label="Lembretes">
          {deadline.reminders.map((reminder) => (
            <li key={reminder.id}>{reminderLine(reminder)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function reminderLine(reminder: SentReminder): string {
  if (reminder.sent_at) return `${reminder.kind_label}: enviado em ${sentAt(reminder.sent_at)}`;
  return `${reminder.kind_label}: ${reminder.status_label.toLowerCase()}`;
}
