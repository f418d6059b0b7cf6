import { Column, entityKind, is, Param, Placeholder, SQL, sql, StringChunk, Table } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { blogs, users } from './schema';

/** drizzle 0.45.4's own `is`, before patches/drizzle-orm+0.45.4.patch made it remember its answers. */
function isAsReleased(value: unknown, type: { [entityKind]?: string; name?: string }): boolean {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof (type as unknown as new () => unknown)) return true;
  if (!Object.prototype.hasOwnProperty.call(type, entityKind)) throw new Error(`Class "${type.name ?? '<unknown>'}" doesn't look like a Drizzle entity.`);
  for (let cls = Object.getPrototypeOf(value).constructor; cls; cls = Object.getPrototypeOf(cls)) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
  }
  return false;
}

describe("drizzle's is, patched to remember its answers", () => {
  // What a query is built from: columns, tables, SQL and its pieces, values, plain objects.
  const values: unknown[] = [blogs.id, blogs.title, users.email, blogs, users, sql`select ${1}`, new Param(1), sql.placeholder('id'), new StringChunk('x'), {}, [], 'text', 1, null, undefined];
  // A class from another copy of drizzle: not the same class, the same entityKind.
  class ColumnFromAnotherCopy {
    static readonly [entityKind] = (Column as unknown as Record<symbol, string>)[entityKind];
  }
  values.push(new ColumnFromAnotherCopy());
  const classes = [Column, PgColumn, Table, PgTable, SQL, Param, Placeholder, StringChunk];

  it('answers as drizzle did, the first time and from memory', () => {
    for (let round = 0; round < 2; round++) {
      for (const value of values) {
        for (const type of classes) expect(is(value, type as never), `${String(value)} is ${type.name}, round ${round}`).toBe(isAsReleased(value, type as never));
      }
    }
    expect(is(new ColumnFromAnotherCopy(), Column)).toBe(true);
    expect(is(blogs.id, Table)).toBe(false);
  });

  it('still throws, every time, for a class that is not a drizzle entity', () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
    expect(() => is({}, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
