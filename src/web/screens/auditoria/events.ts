import { resources } from '@generated/web/registry';
import { resourceMessages } from '@generated/web/messages.pt-BR';
import { choices } from '@generated/web/auditoria/choices';
import type { Choice } from '@kit';

/** The audit events with their pt-BR friendly names, as the auditoria schema names them. */
export const AUDIT_EVENTS: Choice[] = choices.event;

export const eventName = (event: unknown): string =>
  AUDIT_EVENTS.find((e) => e.id === event)?.name ?? (event == null ? '' : String(event));

/** Every module as a filter choice, named as the menu names it. */
export const MODULE_CHOICES: Choice[] = resources
  .map((r) => ({ id: r.name, name: r.label.plural }))
  .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

export const moduleName = (module: unknown): string =>
  MODULE_CHOICES.find((m) => m.id === module)?.name ?? (module == null ? '' : String(module));

type Messages = Record<string, { fields?: Record<string, string> }>;

/** A field's pt-BR label in the module's screens, else its technical name. */
export function fieldLabel(module: unknown, field: string): string {
  const messages = (resourceMessages.resources as Messages)[String(module)];
  return messages?.fields?.[field] ?? field;
}
