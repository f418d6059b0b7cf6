import { inArray, or, type SQL } from 'drizzle-orm';
import { places } from '#db/schema';
import { PLACE_CATEGORIES } from '#shared/categories';
import { normalizeForSearch } from '#shared/text/normalize';
import { searchCondition } from '../services/content-query';

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

/** Name, description and tags (the search rule of every list), or the category's own name. */
export function placeSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const needle = normalizeForSearch(search);
  const categories = PLACE_CATEGORIES.filter((category) => category.includes(needle));
  return or(searchCondition(search, places), categories.length ? inArray(places.category, categories) : undefined);
}
