import { describe, expect, it } from 'vitest';
import { ALL_AREAS, callOf, isAffectedBy, itemIdOf, referencesOf } from './cache-areas';
import { listProcedures } from './test/procedures';

const procedures = new Map(listProcedures().map((procedure) => [procedure.path, procedure]));

/** A call of the procedure at `path` as its own declaration makes it, with this input. */
function call(path: string, input?: unknown) {
  const procedure = procedures.get(path);
  if (!procedure) throw new Error(`no procedure ${path}`);
  return callOf(procedure.type, procedure.cache, input);
}

const areasOf = (path: string) => call(path).areas;

describe('cache areas', () => {
  it('takes what each procedure reads or changes from its own declaration', () => {
    expect(areasOf('content.podcasts.like')).toEqual(['podcasts']);
    expect(areasOf('content.hub.stats')).toEqual(['forumPosts', 'places']);
    expect(areasOf('admin.users.setApproval')).toEqual(['members']);
    expect(areasOf('admin.users.delete')).toEqual(ALL_AREAS);
    expect(areasOf('auth.login')).toEqual([]);
  });

  it('treats an undeclared write, or a request no procedure answered, as touching everything', () => {
    expect(callOf('mutation', undefined, { id: 7 })).toEqual({ areas: ALL_AREAS, itemId: undefined });
    // A declared read is no write: on a mutation it counts as undeclared.
    expect(callOf('mutation', { shared: true, reads: ['blogs'] }, {}).areas).toEqual(ALL_AREAS);
    expect([...referencesOf([]).areas]).toEqual(ALL_AREAS);
    expect([...referencesOf([call('content.events.list'), call('content.podcasts.list')]).areas].sort()).toEqual(['events', 'podcasts']);
  });

  it('finds a declaration on every write and every shared read of the router, and an item field in its input', () => {
    const all = [...procedures.values()];
    expect(all.length).toBeGreaterThan(100);
    for (const { path, type, cache, inputFields } of all) {
      if (type !== 'query') expect(cache && !cache.shared && Array.isArray(cache.changes), `${path}: a write declares cache.changes`).toBe(true);
      if (type === 'query' && cache) expect(cache.shared && cache.reads.length > 0, `${path}: a read declares a shared answer and what it reads`).toBe(true);
      if (cache?.item) expect(inputFields, `${path}: its item is a field of its input`).toContain(cache.item);
    }
    const shared = all.filter((procedure) => procedure.sharedAnswer);
    expect(shared.length).toBeGreaterThan(5);
    for (const procedure of shared) expect(areasOf(procedure.path).length, procedure.path).toBeGreaterThan(0);
  });

  it('names the one item an item procedure reads or changes, and only a real id', () => {
    expect(procedures.get('content.blogs.byId')?.cache?.item).toBe('id');
    expect(procedures.get('content.blogs.list')?.cache?.item).toBeUndefined();
    // A comment's id is not its article's: deleting one is a change to every area it may sit in.
    expect(procedures.get('content.comments.delete')?.cache?.item).toBeUndefined();
    expect(itemIdOf({ id: 7 })).toBe(7);
    expect(itemIdOf({ id: '12' })).toBe(12);
    for (const input of [{ id: 0 }, { id: -3 }, { id: 1.5 }, { id: '7a' }, { id: '007' }, { id: 2 ** 60 }, {}, null, 'x']) expect(itemIdOf(input), JSON.stringify(input)).toBeUndefined();
    const article = referencesOf([call('content.blogs.byId', { id: 7 })]);
    expect([...article.items]).toEqual(['blogs#7']);
    expect(article.areas.size).toBe(0);
    // Without a usable id an item procedure counts as reading its whole area.
    expect([...referencesOf([call('content.blogs.byId', {})]).areas]).toEqual(['blogs']);
  });

  it('drops an item’s answers and its area’s lists for a change to the item, and nothing of the other items', () => {
    const article7 = referencesOf([call('content.blogs.byId', { id: 7 })]);
    const article8 = referencesOf([call('content.blogs.byId', { id: 8 })]);
    const blogList = referencesOf([call('content.blogs.list')]);
    const events = referencesOf([call('content.events.list')]);
    const likeOn7 = referencesOf([call('content.blogs.like', { id: 7 })]);
    expect(isAffectedBy(article7, likeOn7)).toBe(true);
    expect(isAffectedBy(referencesOf([call('content.blogs.article', { id: 7 })]), likeOn7)).toBe(true);
    expect(isAffectedBy(blogList, likeOn7)).toBe(true);
    expect(isAffectedBy(article8, likeOn7)).toBe(false);
    expect(isAffectedBy(events, likeOn7)).toBe(false);
    // A change to the area as a whole (a new article) reaches every item's answer.
    const newArticle = referencesOf([call('admin.blogs.create', { title: 'New' })]);
    expect(isAffectedBy(article8, newArticle)).toBe(true);
    expect(isAffectedBy(events, newArticle)).toBe(false);
    // An item of another area with the same id is another item.
    expect(isAffectedBy(referencesOf([call('content.podcasts.byId', { id: 7 })]), likeOn7)).toBe(false);
  });
});
