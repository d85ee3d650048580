import { describe, expect, it } from 'vitest';

import type { Coverage, CoverageItem } from '@/lib/api/types';

import { comparedWith, headline, isGap, peerLine, statusLabel, toolPhrase } from './coverage';

const intake: CoverageItem = { categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, hasTool: false, peerShare: 78 };

function coverage(overrides: Partial<Coverage> = {}): Coverage {
  return {
    firmSize: 'E6_20',
    sizeSource: 'profile',
    peerFirms: { value: 12, text: '12' },
    headline: { stagesCovered: 5, stagesUnanswered: 0, stageCount: 9, usualStages: 7 },
    stages: [intake],
    others: [],
    ...overrides,
  };
}

describe('the coverage map words', () => {
  it('says the share of firms of the size with a tool, or that there are not enough firms', () => {
    expect(peerLine(coverage(), intake)).toBe('Firms your size: 78% have an intake tool');
    expect(peerLine(coverage(), { ...intake, categoryName: 'Lead Generation', categoryLabel: 'Lead Generation' })).toBe(
      'Firms your size: 78% have a lead generation tool',
    );
    expect(peerLine(coverage(), { ...intake, peerShare: 0 })).toBe('Firms your size: 0% have an intake tool');
    expect(peerLine(coverage(), { ...intake, peerShare: null })).toBe('Firms your size: not enough firms yet');
    expect(peerLine(coverage({ firmSize: null, peerFirms: null }), intake)).toBeNull();
  });

  it('compares the stages covered with the usual number when there is one', () => {
    expect(headline(coverage())).toBe('Your tech stack covers 5 of 9 stages; firms your size usually cover 7');
    const thin = coverage({ headline: { stagesCovered: 5, stagesUnanswered: 0, stageCount: 9, usualStages: null } });
    expect(headline(thin)).toBe('Your tech stack covers 5 of 9 stages; not enough firms your size yet to say how many they usually cover');
    expect(headline({ ...thin, firmSize: null, peerFirms: null })).toBe('Your tech stack covers 5 of 9 stages');
  });

  it('names the firm size used, where it came from, and an unknown size', () => {
    expect(comparedWith(coverage())).toBe(
      'Compared with 12 other firms of 6-20 employees that saved their tech stack (firm size from your profile).',
    );
    expect(comparedWith(coverage({ firmSize: 'SOLO', sizeSource: 'onboarding', peerFirms: { value: null, text: 'fewer than 5' } }))).toBe(
      'Compared with fewer than 5 other solo firms that saved their tech stack (firm size from your onboarding answers).',
    );
    expect(comparedWith(coverage({ firmSize: null, sizeSource: 'unknown', peerFirms: null }))).toMatch(/firm size is not set/);
  });

  it('marks each answer and tells the gaps', () => {
    expect([true, false, null].map(statusLabel)).toEqual(['Has a tool', 'No tool', 'Not answered']);
    expect(isGap({ ...intake, hasTool: true })).toBe(false);
    expect(isGap({ ...intake, hasTool: false })).toBe(true);
    expect(isGap({ ...intake, hasTool: null })).toBe(true);
    expect(toolPhrase('E-Discovery')).toBe('an e-discovery tool');
  });
});
