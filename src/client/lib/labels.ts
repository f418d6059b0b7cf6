import { m } from '#i18n/messages';
import type { FORUM_CATEGORIES, PLACE_CATEGORIES } from '#shared/categories';
import type { ReportReason } from '#shared/moderation';
import type { Role } from '#shared/roles';

/**
 * The words for values several screens show: each a message function, called where it is
 * shown so the text is in the page's language at that moment.
 */
export const FORUM_CATEGORY_LABELS = {
  general: m.community_forum_category_general,
  wellness: m.community_forum_category_wellness,
  career: m.community_forum_category_career,
  relationships: m.community_forum_category_relationships,
  lifestyle: m.community_forum_category_lifestyle,
} satisfies Record<(typeof FORUM_CATEGORIES)[number], () => string>;

/** Place categories, with the filter's "all". */
export const PLACE_CATEGORY_LABELS = {
  all: m.community_places_category_all,
  wellness: m.community_places_category_wellness,
  cafe: m.community_places_category_cafe,
  fitness: m.community_places_category_fitness,
  culture: m.community_places_category_culture,
} satisfies Record<(typeof PLACE_CATEGORIES)[number] | 'all', () => string>;

export const REPORT_REASON_LABELS = {
  harassment: m.safety_reason_harassment,
  spam: m.safety_reason_spam,
  inappropriate: m.safety_reason_inappropriate,
  'self-harm': m.safety_reason_self_harm,
  other: m.safety_reason_other,
} satisfies Record<ReportReason, () => string>;

/** Staff roles, as the admin panel names them (account badges, the role select, the audit log). */
export const ROLE_LABELS = {
  member: m.admin_role_member,
  moderator: m.admin_role_moderator,
  admin: m.admin_role_admin,
} satisfies Record<Role, () => string>;
