import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const UNKNOWN_MODULE = (module: string) => `Cadastro desconhecido: ${module}.`;

/**
 * A design's parameter of type 'reference' names the module whose records the report's request
 * offers (`module`): one this installation has, so the request can show its records by name.
 */
export const designParameterModules: ModuleHooks = {
  beforeWrite(_trx, { body, context }) {
    if (!Array.isArray(body.parameters)) return;
    const errors: Record<string, string[]> = {};
    body.parameters.forEach((parameter: { type?: unknown; module?: unknown }, index: number) => {
      if (parameter?.type !== 'reference' || typeof parameter.module !== 'string') return;
      if (!context.model.byModule.has(parameter.module)) errors[`parameters.${index}.module`] = [UNKNOWN_MODULE(parameter.module)];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  },
};
