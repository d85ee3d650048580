import { describe, expect, it } from 'vitest';

import { pathParams } from './early-asks';

describe('pathParams', () => {
  it("matches a registry path and names its parameters, as the router's routes do", () => {
    expect(pathParams('/trends', '/trends')).toEqual({});
    expect(pathParams('/trends', '/trends/')).toEqual({});
    expect(pathParams('/vendors/:id', '/vendors/42')).toEqual({ id: '42' });
    expect(pathParams('/vendors/:id', '/vendors/42/more')).toBeNull();
    expect(pathParams('/trends', '/trendsx')).toBeNull();
  });
});
