import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { ScheduleMeetingButton } from './schedule-meeting-button';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The button is found by its role and name; its look is the style a person sees (indigo primary,
// white secondary), which only the classes carry here.
const looksPrimary = (el: HTMLElement) => el.className.includes('bg-indigo-600');
const looksSecondary = (el: HTMLElement) => el.className.includes('border-slate-300') && !looksPrimary(el);

function serve() {
  vi.stubGlobal('fetch', mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } } }).fetchMock);
}

describe('ScheduleMeetingButton', () => {
  it('with a booking link: the enabled main action, which opens the scheduler, and no reason', async () => {
    serve();
    const onSchedule = vi.fn();
    renderWithProviders(
      <ScheduleMeetingButton vendorName="Slotwise" bookingUrl="https://slotwise.example/book" onSchedule={onSchedule} />,
      {
        user: testUser('member'),
      },
    );
    const button = screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(looksPrimary(button)).toBe(true);
    expect(screen.queryByText('No scheduler available')).toBeNull();
    await userEvent.click(button);
    expect(onSchedule).toHaveBeenCalledWith({ kind: 'BOOKING', url: 'https://slotwise.example/book' });
  });

  it('reads "Scheduling..." and is disabled while the click is recorded', () => {
    serve();
    renderWithProviders(
      <ScheduleMeetingButton vendorName="Slotwise" bookingUrl="https://slotwise.example/book" pending onSchedule={vi.fn()} />,
      {
        user: testUser('member'),
      },
    );
    expect((screen.getByRole('button', { name: 'Scheduling...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('without a booking link: disabled, secondary, and "No scheduler available" written under it, reachable by keyboard', async () => {
    serve();
    const onSchedule = vi.fn();
    renderWithProviders(<ScheduleMeetingButton vendorName="Avvo" bookingUrl={null} onSchedule={onSchedule} />, {
      user: testUser('member'),
    });
    const button = screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(looksSecondary(button)).toBe(true);
    // Visible text, not only a tooltip.
    const why = screen.getByLabelText('Schedule Meeting with Avvo: No scheduler available');
    expect(within(why).getByText('No scheduler available')).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(why);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(onSchedule).not.toHaveBeenCalled();
  });

  it('treats a booking link that is not a web address as none', () => {
    serve();
    renderWithProviders(<ScheduleMeetingButton vendorName="Avvo" bookingUrl="javascript:alert(1)" onSchedule={vi.fn()} />, {
      user: testUser('member'),
    });
    expect((screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No scheduler available')).toBeTruthy();
  });

  it('is left out for a viewer, with or without a booking link', () => {
    serve();
    renderWithProviders(
      <>
        <ScheduleMeetingButton vendorName="Slotwise" bookingUrl="https://slotwise.example/book" onSchedule={vi.fn()} />
        <ScheduleMeetingButton vendorName="Avvo" bookingUrl={null} onSchedule={vi.fn()} />
      </>,
      { user: testUser('viewer') },
    );
    expect(screen.queryByRole('button', { name: 'Schedule Meeting' })).toBeNull();
    expect(screen.queryByText('No scheduler available')).toBeNull();
  });
});
