/**
 * The words of the coverage map on /tech-stack (the progress banner on /matches says the same in its own words).
 * Every figure about other firms comes from the server already suppressed (shares from 5 firms
 * up, counts under 5 as "fewer than 5"); these functions only phrase it.
 */
import type { Coverage, CoverageItem } from '@/lib/api/types';
import { firmSizeOptions } from '@/lib/firm-options';
import { formatShown } from '@/lib/format';

/** "an intake tool", "a lead generation tool". */
export function toolPhrase(categoryName: string): string {
  const noun = `${categoryName.toLowerCase()} tool`;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

export function statusLabel(hasTool: boolean | null): string {
  if (hasTool === true) return 'Has a tool';
  if (hasTool === false) return 'No tool';
  return 'Not answered';
}

/** "Firms your size: 78% have an intake tool"; null when the firm's size is unknown. */
export function peerLine(coverage: Coverage, item: CoverageItem): string | null {
  if (!coverage.firmSize) return null;
  if (item.peerShare == null) return 'Firms your size: not enough firms yet';
  return `Firms your size: ${item.peerShare}% have ${toolPhrase(item.categoryLabel)}`;
}

/** "Your tech stack covers 5 of 9 stages; firms your size usually cover 7": tools the firm uses, not picks. */
export function headline(coverage: Coverage): string {
  const { stagesCovered, stageCount, usualStages } = coverage.headline;
  const own = `Your tech stack covers ${stagesCovered} of ${stageCount} stages`;
  if (usualStages != null) return `${own}; firms your size usually cover ${usualStages}`;
  if (!coverage.firmSize) return own;
  return `${own}; not enough firms your size yet to say how many they usually cover`;
}

/** Which firms the shares come from, so nothing is left out silently. */
export function comparedWith(coverage: Coverage): string {
  const { firmSize, peerFirms, sizeSource } = coverage;
  if (!firmSize || !peerFirms) {
    return 'Your firm size is not set, so there are no firms to compare with.';
  }
  const label = firmSizeOptions.find((o) => o.value === firmSize)?.label ?? firmSize;
  const group = firmSize === 'SOLO' ? 'solo firms' : `firms of ${label} employees`;
  const source = sizeSource === 'onboarding' ? 'your onboarding answers' : 'your profile';
  return `Compared with ${formatShown(peerFirms)} other ${group} that saved their tech stack (firm size from ${source}).`;
}

/** Stages and categories without a tool, answered or not: where the questionnaire can help. */
export function isGap(item: CoverageItem): boolean {
  return item.hasTool !== true;
}
