import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { isWrittenLimit } from './paging';

/** What drizzle's `.prepare()` answers: the query's SQL, built once, run with its placeholders' values. */
interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** A drizzle query that can be prepared (a select, an insert...). */
interface PreparableQuery<Result> {
  prepare(name: string): PreparedQuery<Result>;
}

/** What tells one prepared query of a read from another: a page size, whether the viewer is an admin. */
type Shape = string | number | boolean;

/**
 * A read the site makes on most requests, built by drizzle once per database handle and shape
 * and only run afterwards. drizzle otherwise builds a query's SQL text from its parts at every
 * call: for a page of blog cards that was a third of the server's CPU for the call (226 µs
 * built each time, 146 µs prepared; docs/benchmarks.md, "Measurements behind code choices").
 *
 * `build` makes the same query the read makes for any input, for one shape: what it writes into
 * the query must be the same for every call of that shape, and what changes from call to call
 * (an id, the viewer, the time) is a placeholder (`sql.placeholder('id')`) whose value each
 * call gives. Shapes must be few: each is one query kept for as long as the handle lives (a
 * transaction's handle, which lives for one request, gets its own).
 */
export function preparedRead<S extends Shape, Result>(name: string, build: (db: Db, shape: S) => PreparableQuery<Result>) {
  const preparedByHandle = new WeakMap<Db, Map<S, PreparedQuery<Result>>>();
  return (db: Db, shape: S, values?: Record<string, unknown>): Promise<Result> => {
    let prepared = preparedByHandle.get(db);
    if (!prepared) preparedByHandle.set(db, (prepared = new Map()));
    let query = prepared.get(shape);
    if (!query) prepared.set(shape, (query = build(db, shape).prepare(`${name}:${String(shape)}`)));
    return query.execute(values);
  };
}

/** Placeholders for a list of `count` ids (`id0`, `id1`...), whose values idValues gives. */
export const idPlaceholders = (count: number): Placeholder[] => Array.from({ length: count }, (_, index) => sql.placeholder(`id${index}`));
export const idValues = (ids: readonly number[]): Record<string, number> => Object.fromEntries(ids.map((id, index) => [`id${index}`, id]));

/** A list's input, as far as the plain first page is concerned. */
interface ListInput {
  limit: number;
  offset: number;
  cursor?: number | null;
  search?: string;
  category?: string;
}

/** The plain first page of this size, as a list's input: what its prepared query is built for. */
export const plainFirstPage = (limit: number) => ({ limit, offset: 0, cursor: null, search: undefined, category: undefined });

/**
 * The page most visits of a list open: the first (no cursor, no offset), unsearched and of every
 * category. Its size when the list may run it prepared (a size written into the query's text,
 * see pageLimit), else null: the list then builds its query for this input.
 */
export function plainFirstPageSize(input: ListInput): number | null {
  const plain = input.offset === 0 && input.cursor == null && input.search === undefined && input.category === undefined;
  return plain && isWrittenLimit(input.limit) ? input.limit : null;
}
