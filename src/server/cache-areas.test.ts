import { describe, expect, it } from 'vitest';
import { ALL_AREAS, areasOf, areasOfPaths } from './cache-areas';
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
    expect([...areasOfPaths([])]).toEqual(ALL_AREAS);
    expect([...areasOfPaths(['content.events.list', 'content.podcasts.list'])].sort()).toEqual(['events', 'podcasts']);
  });

  it('places every shared read in at least one area', () => {
    const shared = listProcedures().filter((procedure) => procedure.sharedAnswer);
    expect(shared.length).toBeGreaterThan(5);
    for (const procedure of shared) expect(areasOf(procedure.path).length, procedure.path).toBeGreaterThan(0);
  });
});
