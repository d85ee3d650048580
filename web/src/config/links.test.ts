import { describe, expect, it } from 'vitest';

import {
  comparePath,
  decisionPath,
  evaluationPath,
  newDecisionPath,
  questionnairePath,
  vendorProfilePath,
  vendorsInCategoryPath,
} from './links';

describe('the links of the app', () => {
  it('are the route patterns of paths, filled', () => {
    expect(vendorProfilePath(42)).toBe('/vendors/42');
    expect(evaluationPath(3)).toBe('/evaluations/3');
    expect(decisionPath('7')).toBe('/decisions/7');
  });

  it('carry their query where the screen reads one', () => {
    expect(vendorsInCategoryPath(3)).toBe('/vendors?categoryIds=3');
    expect(newDecisionPath(3)).toBe('/decisions/new?category=3');
    expect(questionnairePath(2)).toBe('/matches?categoryId=2');
    expect(comparePath([3, 1, 2])).toBe('/compare?ids=3,1,2');
  });
});
