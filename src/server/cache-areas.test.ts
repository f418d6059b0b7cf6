import { describe, expect, it } from 'vitest';
import { ALL_AREAS, areasOf, isAffectedBy, isItemProcedure, itemIdOf, referencesOf } from './cache-areas';
import { listProcedures } from './test/procedures';

describe('cache areas', () => {
  it('takes the longest matching prefix of a procedure path', () => {
    expect(areasOf('content.podcasts.like')).toEqual(['podcasts']);
    expect(areasOf('content.hub.stats')).toEqual(['forum', 'places']);
    expect(areasOf('admin.users.setApproval')).toEqual(['members']);
    expect(areasOf('admin.users.delete')).toEqual(ALL_AREAS);
    expect(areasOf('auth.login')).toEqual([]);
  });

  it('treats an unknown procedure, or a request no procedure answered, as touching everything', () => {
    expect(areasOf('content.somethingNew.list')).toEqual(ALL_AREAS);
    expect(areasOf('content.podcastsExtra')).toEqual(ALL_AREAS);
    expect([...referencesOf([]).areas]).toEqual(ALL_AREAS);
    expect([...referencesOf([{ path: 'content.events.list' }, { path: 'content.podcasts.list' }]).areas].sort()).toEqual(['events', 'podcasts']);
  });

  it('places every shared read in at least one area', () => {
    const shared = listProcedures().filter((procedure) => procedure.sharedAnswer);
    expect(shared.length).toBeGreaterThan(5);
    for (const procedure of shared) expect(areasOf(procedure.path).length, procedure.path).toBeGreaterThan(0);
  });

  it('names the one item an item procedure reads or changes, and only a real id', () => {
    expect(isItemProcedure('content.blogs.byId')).toBe(true);
    expect(isItemProcedure('content.blogs.list')).toBe(false);
    // A comment's id is not its article's: deleting one is a change to every area it may sit in.
    expect(isItemProcedure('content.comments.delete')).toBe(false);
    expect(itemIdOf({ id: 7 })).toBe(7);
    expect(itemIdOf({ id: '12' })).toBe(12);
    for (const input of [{ id: 0 }, { id: -3 }, { id: 1.5 }, { id: '7a' }, { id: '007' }, { id: 2 ** 60 }, {}, null, 'x']) expect(itemIdOf(input), JSON.stringify(input)).toBeUndefined();
    const article = referencesOf([{ path: 'content.blogs.byId', itemId: 7 }]);
    expect([...article.items]).toEqual(['blogs#7']);
    expect(article.areas.size).toBe(0);
    // Without a usable id an item procedure counts as reading its whole area.
    expect([...referencesOf([{ path: 'content.blogs.byId' }]).areas]).toEqual(['blogs']);
  });

  it('drops an item’s answers and its area’s lists for a change to the item, and nothing of the other items', () => {
    const article7 = referencesOf([{ path: 'content.blogs.byId', itemId: 7 }]);
    const article8 = referencesOf([{ path: 'content.blogs.byId', itemId: 8 }]);
    const blogList = referencesOf([{ path: 'content.blogs.list' }]);
    const events = referencesOf([{ path: 'content.events.list' }]);
    const likeOn7 = referencesOf([{ path: 'content.blogs.like', itemId: 7 }]);
    expect(isAffectedBy(article7, likeOn7)).toBe(true);
    expect(isAffectedBy(blogList, likeOn7)).toBe(true);
    expect(isAffectedBy(article8, likeOn7)).toBe(false);
    expect(isAffectedBy(events, likeOn7)).toBe(false);
    // A change to the area as a whole (a new article) reaches every item's answer.
    const newArticle = referencesOf([{ path: 'admin.blogs.create' }]);
    expect(isAffectedBy(article8, newArticle)).toBe(true);
    expect(isAffectedBy(events, newArticle)).toBe(false);
    // An item of another area with the same id is another item.
    expect(isAffectedBy(referencesOf([{ path: 'content.podcasts.byId', itemId: 7 }]), likeOn7)).toBe(false);
  });
});
