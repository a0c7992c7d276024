import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (evaluated through the browser's debugging protocol, so a strict
 * Content-Security-Policy does not stop it) and returns its serious and critical violations, each with
 * the elements concerned, so a failing assertion names what to fix.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: { target: string[]; html: string; failureSummary?: string }) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
