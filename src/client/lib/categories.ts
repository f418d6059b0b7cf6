import { m } from '#i18n/messages';

/**
 * Category colours, defined once for the directory, the blog and the forum.
 * Each pair is a light tint with a dark text of the same hue (AA contrast).
 */
const PALETTE = {
  rose: 'bg-rose-100 text-rose-800',
  plum: 'bg-fuchsia-100 text-fuchsia-900',
  amber: 'bg-amber-100 text-amber-900',
  teal: 'bg-teal-100 text-teal-900',
  sky: 'bg-sky-100 text-sky-900',
  violet: 'bg-violet-100 text-violet-900',
  lime: 'bg-lime-100 text-lime-900',
  stone: 'bg-stone-200 text-stone-800',
} as const;

const CATEGORY_COLOURS: Record<string, string> = {
  // Directory
  beauty: PALETTE.rose,
  cafes: PALETTE.amber,
  wellness: PALETTE.teal,
  education: PALETTE.sky,
  shopping: PALETTE.plum,
  services: PALETTE.violet,
  // Blog and admin podcast categories
  'confidence and validation': PALETTE.rose,
  'self improvement': PALETTE.teal,
  relationships: PALETTE.plum,
  productivity: PALETTE.sky,
  'social life and health': PALETTE.lime,
  // Podcast filter categories
  'self-discovery': PALETTE.violet,
  'school life': PALETTE.sky,
  'hijabi life': PALETTE.teal,
  'girly topics': PALETTE.rose,
  // Forum and places
  general: PALETTE.stone,
  career: PALETTE.sky,
  lifestyle: PALETTE.amber,
  cafe: PALETTE.amber,
  fitness: PALETTE.lime,
  culture: PALETTE.violet,
};

/** Tailwind classes for a category badge; unknown categories get a neutral colour. */
export function categoryColour(category: string): string {
  return CATEGORY_COLOURS[category.trim().toLowerCase()] ?? PALETTE.stone;
}

/**
 * The names of the podcast, blog and directory categories in the page's language. The stored
 * values stay English (filters, the address and the server use them); only what is shown changes.
 */
const CATEGORY_NAMES: Record<string, () => string> = {
  'self-discovery': m.content_category_self_discovery,
  'school life': m.content_category_school_life,
  'hijabi life': m.content_category_hijabi_life,
  relationships: m.content_category_relationships,
  'girly topics': m.content_category_girly_topics,
  'confidence and validation': m.content_category_confidence,
  'self improvement': m.content_category_self_improvement,
  productivity: m.content_category_productivity,
  'social life and health': m.content_category_social_life,
  beauty: m.content_category_beauty,
  cafes: m.content_category_cafes,
  wellness: m.content_category_wellness,
  education: m.content_category_education,
  shopping: m.content_category_shopping,
  services: m.content_category_services,
};

/** A category as shown; one without a name of its own is shown as stored. */
export function categoryLabel(category: string): string {
  return CATEGORY_NAMES[category.trim().toLowerCase()]?.() ?? category;
}
