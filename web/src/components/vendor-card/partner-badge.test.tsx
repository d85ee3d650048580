import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render-app';

import { PartnerBadge } from './partner-badge';

describe('PartnerBadge', () => {
  it('opens the partner disclosure from the badge itself', async () => {
    renderWithProviders(<PartnerBadge isRecommendedPartner partnerLevel="Gold" />);
    const badge = screen.getByRole('button', { name: /Gold Partner/ });
    expect(badge.getAttribute('aria-haspopup')).toBe('dialog');

    await userEvent.click(badge);

    const dialog = await screen.findByRole('dialog', { name: 'What does Partner mean?' });
    expect(dialog.textContent).toContain('Only your administrator sets partner status.');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens it by keyboard from a star without a level', async () => {
    renderWithProviders(<PartnerBadge isRecommendedPartner partnerLevel={null} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Recommended partner/ }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'What does Partner mean?' })).toBeTruthy();
  });

  it('renders nothing for a vendor that is no partner', () => {
    const { container } = renderWithProviders(<PartnerBadge isRecommendedPartner={false} partnerLevel={null} />);
    expect(container.textContent).toBe('');
  });
});
