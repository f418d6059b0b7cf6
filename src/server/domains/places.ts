import { or, sql, type SQL } from 'drizzle-orm';
import { places } from '../../../db/schema';
import { likePattern } from '../services/content-query';

/** A place as Places to Go shows it; the admin panel reads the same, with its creation date. */
export const placeColumns = {
  id: places.id,
  name: places.name,
  description: places.description,
  category: places.category,
  address: places.address,
  rating: places.rating,
  tags: places.tags,
  recommended: places.recommended,
};

export const adminPlaceColumns = { ...placeColumns, createdAt: places.createdAt };

// Accents don't matter in a place search: 'cafe' finds 'Café'.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucn';
const fold = (value: SQL) => sql`translate(lower(${value}), ${ACCENTED}, ${PLAIN})`;
const foldText = (value: string) => value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** Name, description, tags and the category's own name, case- and accent-insensitively. */
export function placeSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(foldText(search));
  return or(
    sql`${fold(sql`${places.name}`)} like ${pattern}`,
    sql`${fold(sql`${places.description}`)} like ${pattern}`,
    sql`${fold(sql`array_to_string(${places.tags}, ' ')`)} like ${pattern}`,
    sql`${places.category}::text like ${pattern}`,
  );
}
