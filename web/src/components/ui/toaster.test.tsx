import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render-app';

import { toast } from './use-toast';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', async () => {
    renderWithProviders(<div />);
    act(() => {
      toast({ title: 'Profile updated', description: 'Your profile information has been saved successfully.' });
    });
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    act(() => {
      toast({ title: 'Error', description: 'New passwords do not match.', variant: 'destructive' });
    });
    expect(await screen.findByText('New passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('Profile updated')).toBeNull();
  });
});
