import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/** One axe-core rule that failed, with the elements it failed on. */
export type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA rules plus axe's best practices) in the page as it is now
 * and returns what it found. The script comes from node_modules: the page loads nothing from the
 * network for it.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const script = await source;
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no inline
  // scripts) does not govern; once per document, since a client-side navigation keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(script);
  return page.evaluate(async () => {
    // A colour caught mid-animation (a dialog's content popping in, a button's hover) is not the
    // page's colour: let every finite animation and transition end first. Endless ones (a
    // spinner) would never end, and are left running.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
    type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeResult[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
}

/** "color-contrast (serious): Elements must meet ... — .a, .b" lines, for a readable failure. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`).join('\n');
}
