import { describe, expect, it } from 'vitest';

import { fillPath, paths } from './paths';

describe('filling a route pattern', () => {
  it('puts each value in the place of its :param', () => {
    expect(fillPath(paths.vendorProfile, { id: 42 })).toBe('/vendors/42');
    expect(fillPath('/firms/:firmId/members/:memberId', { firmId: 3, memberId: 'ada' })).toBe('/firms/3/members/ada');
  });

  it('encodes each value, so a value cannot add a segment or a query', () => {
    expect(fillPath(paths.evaluation, { categoryId: 'a/b?c=d#e f' })).toBe('/evaluations/a%2Fb%3Fc%3Dd%23e%20f');
  });

  it('leaves a pattern without params as it is', () => {
    expect(fillPath(paths.firm, {})).toBe('/firm');
  });

  it('refuses a pattern whose param has no value', () => {
    // @ts-expect-error: the pattern needs `id`; a caller that gets round the types meets the throw.
    expect(() => fillPath(paths.decision, {})).toThrow('/decisions/:id needs a value for :id');
  });
});
