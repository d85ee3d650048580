import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toast } from '@/components/ui/use-toast';

import { DeferredToaster, useToaster } from './deferred-toaster';

function SignedInStandIn() {
  useToaster();
  return null;
}

describe('the deferred toaster', () => {
  it('mounts the notifications once the signed-in app asks, and shows a toast', async () => {
    const { rerender } = render(<DeferredToaster />);
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    rerender(
      <>
        <SignedInStandIn />
        <DeferredToaster />
      </>,
    );
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
