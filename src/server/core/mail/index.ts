export { createMailer, type Mailer, type MailMessage } from './mailer.js';
export { mailSettings, type MailSettings } from './settings.js';
