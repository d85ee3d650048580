import { describe, expect, it } from 'vitest';

import { fieldOfMessage, requestOf, type DecisionFields } from './form';

const fields: DecisionFields = {
  vendorId: '9',
  runnerUpId: '7',
  reasons: ' Best scores ',
  annualCost: '12,000',
  startDate: '2026-03-01',
  approvers: [1, 2],
};

describe('the proposal form', () => {
  it('sends cents and trimmed reasons', () => {
    expect(requestOf(3, fields)).toEqual({
      body: {
        categoryId: 3,
        vendorId: 9,
        runnerUpId: 7,
        reasons: 'Best scores',
        annualCost: 1_200_000,
        startDate: '2026-03-01',
        approvers: [1, 2],
      },
    });
  });
  it('names the first field it can tell is wrong', () => {
    expect(requestOf(3, { ...fields, runnerUpId: '9' })).toMatchObject({ field: 'runnerUpId' });
    expect(requestOf(3, { ...fields, annualCost: 'lots' })).toMatchObject({ field: 'annualCost' });
    expect(requestOf(3, { ...fields, reasons: '  ' })).toMatchObject({ field: 'reasons' });
    expect(fieldOfMessage('annualCost cannot be negative')).toBe('annualCost');
  });
});
