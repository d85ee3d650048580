import { describe, expect, it } from 'vitest';

import { customDatesProblem, parseAnalysis, trendsAnalysisQuery, vendorsAnalysisQuery } from './analysis';

const from = (query: string) => {
  const params = new URLSearchParams(query);
  return parseAnalysis((name) => params.get(name) || undefined);
};

describe('parseAnalysis', () => {
  it('reads every parameter it knows', () => {
    expect(from('compare=custom&compareStart=2025-01-01&compareEnd=2025-03-31&granularity=week&stackBy=category&categoryId=12')).toEqual({
      compare: 'custom',
      compareStart: '2025-01-01',
      compareEnd: '2025-03-31',
      granularity: 'week',
      stackBy: 'category',
      categoryId: 12,
    });
  });

  it('leaves the defaults and junk out', () => {
    expect(from('')).toEqual({});
    expect(from('granularity=day')).toEqual({});
    expect(from('compare=decade&granularity=hour&stackBy=state&categoryId=-1')).toEqual({});
    expect(from('categoryId=1.5')).toEqual({});
    expect(from('categoryId=9999999999')).toEqual({});
  });

  it('keeps a comparison the person chose, none included', () => {
    expect(from('compare=previous')).toEqual({ compare: 'previous' });
    expect(from('compare=none')).toEqual({ compare: 'none' });
  });

  it('keeps the comparison dates only with custom dates, and only well-formed ones', () => {
    expect(from('compare=year&compareStart=2025-01-01&compareEnd=2025-02-01')).toEqual({ compare: 'year' });
    expect(from('compareStart=2025-01-01')).toEqual({});
    expect(from('compare=custom&compareStart=yesterday&compareEnd=2025-02-01')).toEqual({ compare: 'custom', compareEnd: '2025-02-01' });
  });
});

describe('the analysis queries', () => {
  it('asks for custom dates only once both are set and in order', () => {
    expect(customDatesProblem({ compare: 'custom', compareStart: '2025-01-01' })).toBe('Pick both dates to compare with.');
    expect(customDatesProblem({ compare: 'custom', compareStart: '2025-02-01', compareEnd: '2025-01-01' })).toMatch(/on or before/);
    // Until both dates are set nothing is compared (never the default in their place).
    expect(trendsAnalysisQuery({ compare: 'custom', compareStart: '2025-01-01' })).toEqual({ compare: 'none' });
    expect(trendsAnalysisQuery({ compare: 'custom', compareStart: '2025-01-01', compareEnd: '2025-01-31', granularity: 'month' })).toEqual({
      compare: 'custom',
      compareStart: '2025-01-01',
      compareEnd: '2025-01-31',
      granularity: 'month',
    });
  });

  it('gives each route only its own parameters', () => {
    const analysis = { compare: 'year', granularity: 'week', stackBy: 'category', categoryId: 4 } as const;
    expect(trendsAnalysisQuery(analysis)).toEqual({ compare: 'year', granularity: 'week', stackBy: 'category' });
    expect(vendorsAnalysisQuery(analysis)).toEqual({ compare: 'year', categoryId: 4 });
  });

  it("leaves the comparison to the server's default unless one is chosen", () => {
    expect(trendsAnalysisQuery({})).toEqual({});
    expect(trendsAnalysisQuery({ compare: 'previous' })).toEqual({ compare: 'previous' });
    expect(vendorsAnalysisQuery({ compare: 'none' })).toEqual({ compare: 'none' });
  });
});
