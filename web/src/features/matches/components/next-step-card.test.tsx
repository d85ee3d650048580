import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { NextStepCard, suggestionOf } from './next-step-card';

describe('NextStepCard', () => {
  it('shows nothing when the server suggests no step', () => {
    const { container } = render(<NextStepCard step={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows one step with one link to where it is taken', () => {
    render(
      <NextStepCard step={{ kind: 'start_evaluation', categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', shortlisted: 3 }} />,
    );
    const card = screen.getByRole('region', { name: 'Next step' });
    expect(card.textContent).toContain('Start an evaluation of Intake');
    expect(card.textContent).toContain('3 vendors are on your shortlist');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/evaluations/2']);
  });

  it('says a renewal’s notice date as a date, and how near it is', () => {
    const s = suggestionOf({ kind: 'renewal_notice', vendorName: 'Clio', noticeDate: '2026-12-01', daysUntil: 1 });
    expect(s?.title).toBe('Notice for Clio is due in 1 day');
    expect(s?.detail).toBe('The firm must give notice by Dec 1, 2026 if it does not want the contract to renew.');
  });

  it('names the decision that waits for approval and opens it', () => {
    const s = suggestionOf({
      kind: 'approve_decision',
      decisionId: 7,
      categoryName: 'Intake',
      categoryLabel: 'Intake',
      vendorName: 'Lawmatics',
    });
    expect(s).toMatchObject({ title: 'Approve the Intake decision', href: '/decisions/7' });
    // A step without what it needs is not shown rather than shown wrong.
    expect(suggestionOf({ kind: 'approve_decision' })).toBeNull();
  });
});
