import { adminPanelCopy } from '#client/copy/admin';

const t = adminPanelCopy.audit;

/** 'setApproval' → 'set approval'. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A word of the copy's, or the path's own words for one it doesn't know (a newer server). */
const known = (names: Record<string, string>, name: string) => (Object.hasOwn(names, name) ? names[name] : undefined);

/**
 * A procedure path as people read it: 'admin.podcasts.create' → 'Podcasts · create'. A staff
 * action through a members' procedure reads the same way: 'content.comments.delete' → 'Comments · delete'.
 */
export function readableAction(path: string): string {
  const [area = '', ...rest] = path.replace(/^(admin|content)\./, '').split('.');
  const areaWords = words(area);
  const areaLabel = known(t.areas, area) ?? areaWords.charAt(0).toUpperCase() + areaWords.slice(1);
  return t.actionLabel(areaLabel, rest.map((name) => known(t.verbs, name) ?? words(name)).join(' '));
}

/** The summary without the procedure path it starts with (the entry shows the action already). */
export function summaryText(entry: { action: string; summary: string }): string {
  if (entry.summary === entry.action) return '';
  const prefix = `${entry.action}: `;
  return entry.summary.startsWith(prefix) ? entry.summary.slice(prefix.length) : entry.summary;
}
