import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { currentToast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { clearCompare } from '@/lib/compare-selection';
import { renderWithProviders } from '@/testing/render-app';

import { CompareTray } from './compare-tray';

beforeEach(() => {
  clearCompare();
  currentToast.value = null;
});

const vendors = [1, 2, 3, 4, 5].map((id) => ({ id, name: `Vendor ${id}` }));

function Screen() {
  return (
    <>
      {vendors.map((v) => (
        <CompareToggle key={v.id} vendor={v} />
      ))}
      <CompareTray />
    </>
  );
}

describe('Compare toggle and tray', () => {
  it('toggles, fills the tray, refuses a fifth and links to the comparison', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen />, { path: '/vendors' });
    expect(screen.queryByRole('region', { name: 'Comparison tray' })).toBeNull();

    const first = screen.getByRole('button', { name: 'Compare Vendor 1' });
    expect(first.getAttribute('aria-pressed')).toBe('false');
    await user.click(first);
    const pressed = screen.getByRole('button', { name: 'Comparing Vendor 1' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    // One vendor cannot be compared yet.
    expect(screen.getByRole('button', { name: 'Compare (1)' })).toHaveProperty('disabled', true);

    for (const id of [2, 3, 4]) await user.click(screen.getByRole('button', { name: `Compare Vendor ${id}` }));
    const link = screen.getByRole('link', { name: 'Compare (4)' });
    expect(link.getAttribute('href')).toBe('/compare?ids=1,2,3,4');

    await user.click(screen.getByRole('button', { name: 'Compare Vendor 5' }));
    expect(currentToast.value?.title).toBe('You can compare up to 4 vendors');
    expect(screen.getByRole('button', { name: 'Compare Vendor 5' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Remove Vendor 2 from the comparison' }));
    expect(screen.getByRole('link', { name: 'Compare (3)' }).getAttribute('href')).toBe('/compare?ids=1,3,4');
    expect(screen.getByRole('button', { name: 'Compare Vendor 2' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Comparison tray' })).toBeNull();
  });

  it('shows only on the pages that compare, and keeps a long name whole in its title', async () => {
    const user = userEvent.setup();
    const long = { id: 9, name: 'SmartAdvocate Case Management Platform for Injury Firms' };
    const first = renderWithProviders(
      <>
        <CompareToggle vendor={long} />
        <CompareTray />
      </>,
      { path: '/trends' },
    );
    await user.click(screen.getByRole('button', { name: `Compare ${long.name}` }));
    expect(screen.queryByRole('region', { name: 'Comparison tray' })).toBeNull();
    first.unmount();

    renderWithProviders(<CompareTray />, { path: '/vendors/9' });
    const tray = screen.getByRole('region', { name: 'Comparison tray' });
    expect(tray.querySelector(`[title="${long.name}"]`)?.textContent).toBe(long.name);
    expect(screen.getByRole('button', { name: `Remove ${long.name} from the comparison` })).toBeTruthy();
  });
});
