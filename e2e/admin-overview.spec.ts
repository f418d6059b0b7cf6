import type { OverviewWeek } from '#server/admin-overview';
import { expect, seriousAxeFindings, signInAs, test, WCAG_AA } from './fixtures';

interface Overview {
  waiting: { applications: number; reports: number; review: number };
  weeks: OverviewWeek[];
}

const CARDS = [
  ['Pending applications', 'applications'],
  ['Open reports', 'reports'],
  ['Review queue', 'review'],
] as const;

/** Each chart by its title, with the columns its table shows after the week. */
const CHARTS: [string, (keyof OverviewWeek)[]][] = [
  ['Applications & approvals', ['applications', 'approvals']],
  ['Active members', ['activeMembers']],
  ['Forum posts', ['posts']],
  ['Comments', ['comments']],
  ['RSVPs', ['rsvps']],
  ['Newsletter subscribers', ['subscribers']],
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2025-11-17' → 'Nov 17'. */
const weekLabel = (weekStart: string) => {
  const [, month, day] = weekStart.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}`;
};

test('the admin panel opens on the Overview: what waits opens its tab, and twelve weeks of charts read as tables', async ({ page }) => {
  await signInAs(page, 'admin');
  const response = await page.request.get('/api/admin/overview');
  expect(response.ok()).toBe(true);
  const overview = (await response.json()) as Overview;
  expect(overview.weeks).toHaveLength(12);

  await page.goto('/admin');
  // Overview is the first tab, and the one selected.
  await expect(page.getByRole('tab').first()).toHaveAccessibleName('Overview');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();

  // What waits: the numbers the API answers; nothing waiting is said so.
  const waiting = panel.getByRole('region', { name: 'What waits' });
  for (const [label, key] of CARDS) {
    const card = waiting.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    const n = overview.waiting[key];
    await expect(card.getByText(String(n), { exact: true })).toBeVisible();
    await expect(card.getByText('Nothing waits', { exact: true })).toHaveCount(n === 0 ? 1 : 0);
  }

  // Each chart: the latest week large, and a table of the twelve weeks with the API's numbers.
  const lives = panel.getByRole('region', { name: 'How the community lives' });
  for (const [title, columns] of CHARTS) {
    const chart = lives.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    for (const column of columns) await expect(chart.getByText(String(overview.weeks.at(-1)![column]), { exact: true }).first()).toBeVisible();
    // The drawing is hidden from screen readers: they read the table.
    await expect(chart.locator('svg').first()).toHaveAttribute('aria-hidden', 'true');
    await chart.getByText('Show as table').click();
    const table = chart.getByRole('table', { name: `${title}, week by week` });
    await expect(table).toBeVisible();
    const rows = table.locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(12);
    const expected = overview.weeks.map((week) => [weekLabel(week.weekStart), ...columns.map((column) => String(week[column]))]);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')));
    expect(shown, title).toEqual(expected);
  }

  // The tables open, no serious or critical axe finding in the tab list or the Overview.
  expect(await seriousAxeFindings(page, { include: ['[role="tablist"]', '[role="tabpanel"]'], tags: WCAG_AA })).toEqual([]);

  // The Review Queue card opens its tab, and her focus follows to its trigger.
  await waiting.getByRole('button', { name: 'Open Review Queue' }).click();
  const reviewTab = page.getByRole('tab', { name: /^Review Queue/ });
  await expect(reviewTab).toHaveAttribute('aria-selected', 'true');
  await expect(reviewTab).toBeFocused();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Review Queue', level: 2 })).toBeVisible();
});
