import { defineFeature } from '../../core/feature.js';
import { createMailer } from '../../core/mail/mailer.js';
import { mailSettings } from '../../core/mail/settings.js';
import { reminderJob } from './reminders/loop.js';
import './reminders/tables.js';
import { deadlineRoutes } from './routes.js';
import './tables.js';

/**
 * Deadlines (docs/DEADLINES.md): the engine (./engine.ts, pure) over the place's calendar, the
 * deadline operations with their history (./operations.ts), served by ./routes.ts, and the reminders
 * (./reminders/): every process mails those due, each once, every DEADLINE_REMINDER_INTERVAL_MS.
 */
export const deadlinesFeature = defineFeature({
  name: 'deadlines',
  migrations: [new URL('migrations', import.meta.url)],
  permissions: [
    { name: 'deadline.index', label: 'Prazos — listar', area: 'tabelas' },
    { name: 'deadline.store', label: 'Prazos — incluir', area: 'tabelas' },
    { name: 'deadline.update', label: 'Prazos — alterar, suspender, reativar, concluir e cancelar', area: 'tabelas' },
  ],
}, async (app, { model, config }) => {
  if (!model.byModule.has('tipos_prazo')) return;
  await app.register(deadlineRoutes);

  if (config.deadlineReminderIntervalMs <= 0) return;
  const mail = mailSettings(process.env, config.dataDir);
  app.scheduler.add(reminderJob({
    intervalMs: config.deadlineReminderIntervalMs,
    spaces: () => app.openSpaces(),
    now: () => new Date(app.clock.now()),
    mailer: createMailer(mail, (line) => app.log.info(line)),
    appUrl: mail.appUrl,
    log: (error, reminder) => app.log.warn({ err: error, reminder }, 'falha ao enviar lembrete de prazo'),
    onError: (error) => app.log.error({ err: error }, 'falha nos lembretes de prazos'),
  }));
});
