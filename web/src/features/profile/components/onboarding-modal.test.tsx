import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { OnboardingModal } from './onboarding-modal';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 1, name: 'Ada', email: 'ada@firm.com', lawFirm: 'L', firmSize: null, isAdmin: false, firmRole: 'owner' };

describe('OnboardingModal', () => {
  it('asks four questions and enables Continue only when all are answered', async () => {
    let completed = false;
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': { body: { user } },
      'GET /api/profile/onboarding': () => ({ body: { completed } }),
      'POST /api/profile/onboarding': () => {
        completed = true;
        return { body: { completed } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OnboardingModal />);

    const dialog = await screen.findByRole('dialog', { name: 'Tell us about your firm' });
    expect(dialog.textContent).toContain("We use this info to personalize recommendations. It's not shown to vendors.");
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(screen.getAllByRole('group')).toHaveLength(4);

    await userEvent.click(screen.getByRole('radio', { name: '6-15' }));
    await userEvent.click(screen.getByRole('radio', { name: '11-50' }));
    await userEvent.click(screen.getByRole('radio', { name: '26-50' }));
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: '$10,001-$40,000' }));
    expect((continueButton as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(continueButton);
    expect(await screen.findByText('Welcome aboard!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tell us about your firm' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      attorneysCountBand: 'A6_15',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C26_50',
      annualSoftwareSpendBand: 'S10_40K',
    });
  });

  it('stays closed once onboarding is complete', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': { body: { user } },
        'GET /api/profile/onboarding': { body: { completed: true } },
      }).fetchMock,
    );
    renderWithProviders(<OnboardingModal />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
