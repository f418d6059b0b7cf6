import { ALL_CATEGORIES } from '#shared/categories';
import { m } from '#i18n/messages';
import { categoryLabel } from '#client/lib/categories';
import { SearchInput } from '../search-input';
import { Label } from '../ui/label';
import { NativeSelect } from '../ui/native-select';

interface SearchFilterProps {
  /** Prefix for the element ids, unique on the page. */
  id: string;
  search: string;
  onSearch: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  categories: readonly string[];
  searchLabel: string;
  searchPlaceholder: string;
}

/** A labelled search box and a category select; the select offers 'All Categories' first. */
export function SearchFilter({ id, search, onSearch, category, onCategory, categories, searchLabel, searchPlaceholder }: SearchFilterProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_16rem]" role="search">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>{searchLabel}</Label>
        <SearchInput id={`${id}-search`} value={search} placeholder={searchPlaceholder} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>{m.content_category()}</Label>
        <NativeSelect id={`${id}-category`} value={category} onChange={(e) => onCategory(e.target.value)}>
          <option value={ALL_CATEGORIES}>{m.content_all_categories()}</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {categoryLabel(name)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
