import { m } from '#i18n/messages';

/** The words of a procedure path: its router (capitalised in English), then its procedures. */
const auditAreas = {
  users: m.admin_audit_area_users,
  admins: m.admin_audit_area_admins,
  podcasts: m.admin_audit_area_podcasts,
  directory: m.admin_audit_area_directory,
  events: m.admin_audit_area_events,
  blogs: m.admin_audit_area_blogs,
  forum: m.admin_audit_area_forum,
  places: m.admin_audit_area_places,
  newsletter: m.admin_audit_area_newsletter,
  uploads: m.admin_audit_area_uploads,
  watchedWords: m.admin_audit_area_watched_words,
  reports: m.admin_audit_area_reports,
  moderation: m.admin_audit_area_moderation,
  comments: m.admin_audit_area_comments,
} as Record<string, () => string>;

const auditVerbs = {
  create: m.admin_audit_verb_create,
  update: m.admin_audit_verb_update,
  delete: m.admin_audit_verb_delete,
  setApproval: m.admin_audit_verb_set_approval,
  setPassword: m.admin_audit_verb_set_password,
  suspend: m.admin_audit_verb_suspend,
  unsuspend: m.admin_audit_verb_unsuspend,
  resolve: m.admin_audit_verb_resolve,
  approve: m.admin_audit_verb_approve,
  reject: m.admin_audit_verb_reject,
  dismiss: m.admin_audit_verb_dismiss,
  issues: m.admin_audit_verb_issues,
  test: m.admin_audit_verb_test,
  send: m.admin_audit_verb_send,
} as Record<string, () => string>;

/** 'admin.podcasts.create' reads 'Podcasts · create'. */
const auditActionLabel = (area: string, verb: string) => (verb ? `${area} · ${verb}` : area);

/** 'setApproval' → 'set approval'. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A word of the copy's, or the path's own words for one it doesn't know (a newer server). */
const known = (names: Record<string, () => string>, name: string) => (Object.hasOwn(names, name) ? names[name]?.() : undefined);

/**
 * A procedure path as people read it: 'admin.podcasts.create' → 'Podcasts · create'. A staff
 * action through a members' procedure reads the same way: 'content.comments.delete' → 'Comments · delete'.
 */
export function readableAction(path: string): string {
  const [area = '', ...rest] = path.replace(/^(admin|content)\./, '').split('.');
  const areaWords = words(area);
  const areaLabel = known(auditAreas, area) ?? areaWords.charAt(0).toUpperCase() + areaWords.slice(1);
  return auditActionLabel(areaLabel, rest.map((name) => known(auditVerbs, name) ?? words(name)).join(' '));
}

/** The summary without the procedure path it starts with (the entry shows the action already). */
export function summaryText(entry: { action: string; summary: string }): string {
  if (entry.summary === entry.action) return '';
  const prefix = `${entry.action}: `;
  return entry.summary.startsWith(prefix) ? entry.summary.slice(prefix.length) : entry.summary;
}
