import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { FirmDetailsForm } from './firm-details-form';
import { ProfileForm } from './profile-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { name: 'Ada Lovelace', email: 'ada@lovelace.law', lawFirm: 'Lovelace Law', firmSize: 'E6_20' as const };
const details = {
  attorneysCountBand: 'A6_15',
  employeesCountBand: 'E11_50',
  injuryCasesPerMonthBand: 'C26_50',
  annualSoftwareSpendBand: 'S10_40K',
} as const;

describe('Profile’s firm fields for each firm role', () => {
  it('shows a viewer or member the firm’s name, size and answers as text', () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(
      <>
        <ProfileForm user={user} />
        <FirmDetailsForm details={details} />
      </>,
      { user: testUser('viewer') },
    );
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.queryByLabelText('Law Firm')).toBeNull();
    expect(screen.getByText('Lovelace Law')).toBeTruthy();
    expect(screen.getByText('6-20')).toBeTruthy();
    expect(screen.getByText('6-15')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Firm Details' })).toBeNull();
  });

  it('lets an owner edit them', () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(
      <>
        <ProfileForm user={user} />
        <FirmDetailsForm details={details} />
      </>,
      { user: testUser('owner') },
    );
    expect(screen.getByLabelText('Law Firm')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Firm Details' })).toBeTruthy();
  });
});
