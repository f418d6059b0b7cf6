import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets the scans check: WCAG 2.1 A and AA, and with the page-wide scans axe's best practices. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const WCAG_AA_AND_BEST_PRACTICE = [...WCAG_AA, 'best-practice'];

/**
 * axe-core's violations on the page as it is now, within the `include` selectors when given.
 *
 * axe-core runs in the page itself, put there once per document. @axe-core/playwright, which this
 * replaces, evaluated axe-core's 570 KB source twice for every scan, and kept every passing
 * element's details: both cost more CPU than the rules themselves (measured: a scan of the
 * podcast list went from 1.0 s to 0.5 s). Only the page's own markup is scanned: its only frames
 * are the video players it embeds once she presses play, whose contents are another site's.
 */
export async function axeScan(page: Page, { tags, include }: { tags: string[]; include?: string[] }): Promise<Pick<AxeResults, 'violations'>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false };
  const violations = await page.evaluate(
    async ({ include, options }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      return (await axe.run(include ? { include } : document, options)).violations;
    },
    { include, options },
  );
  return { violations };
}

/** The findings that fail a journey: serious and critical ones (the others are at most printed). */
export const isSerious = (violation: Result) => violation.impact === 'serious' || violation.impact === 'critical';

/** The serious and critical findings within `include` (the whole page without it), each as "rule: where". */
export async function seriousAxeFindings(page: Page, scope: { tags: string[]; include?: string[] }): Promise<string[]> {
  const { violations } = await axeScan(page, scope);
  return violations.filter(isSerious).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
