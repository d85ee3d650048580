import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CategoryAdoption } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { MyTechStackModal } from './my-tech-stack-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The modal as a screen mounts it: closed until its button opens it. */
function OpensFromAButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open my tech stack
      </button>
      <MyTechStackModal open={open} onOpenChange={setOpen} />
    </>
  );
}

const openIt = () => userEvent.click(screen.getByRole('button', { name: 'Open my tech stack' }));

const vendors = (prefix: string, first: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: first + i, name: `${prefix} ${i + 1}`, logoUrl: null, websiteUrl: null }));

const items: CategoryAdoption[] = [
  {
    category: { id: 2, name: 'Intake', label: 'Intake' },
    vendors: vendors('Intake Tool', 100, 9),
    adoption: { hasTool: null },
    selectedVendors: [],
    otherVendors: [],
  },
  {
    category: { id: 9, name: 'Staffing', label: 'Staffing' },
    vendors: vendors('Staffer', 200, 2),
    adoption: { hasTool: true },
    selectedVendors: [{ vendorId: 200, isPrimary: true }],
    otherVendors: [{ name: 'Temp Agency' }],
  },
];

function serve(saveAnswer: { status?: number; body?: unknown } = { body: { items } }) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/profile/category-adoption': { body: { items } },
    'POST /api/profile/category-adoption': saveAnswer,
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('MyTechStackModal', () => {
  // A whole story of ~30 clicks and keystrokes: on a busy 2-core machine it can pass 5 s.
  it('fills the form and saves only what was answered, with the success toast', { timeout: 20_000 }, async () => {
    const calls = serve();
    renderWithProviders(<OpensFromAButton />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await openIt();

    const dialog = await screen.findByRole('dialog', { name: 'My Tech Stack' });
    expect(dialog.textContent).toContain('Tell us what legal technology tools you currently use.');
    await within(dialog).findByRole('region', { name: 'Intake' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    // The saved answer shows: Staffing is Yes with its primary and other tool.
    const staffing = region('Staffing');
    expect((within(staffing).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(within(staffing).getByRole('button', { name: 'Mark Staffer 1 as primary' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(staffing).getByText('(2/10)')).toBeTruthy();

    const intake = region('Intake');
    await userEvent.click(within(intake).getByRole('radio', { name: 'Yes' }));
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(within(intake).getByRole('checkbox', { name: 'Intake Tool 1' }));
    await userEvent.click(within(intake).getByRole('checkbox', { name: 'Intake Tool 2' }));
    const star = within(intake).getByRole('button', { name: 'Mark Intake Tool 2 as primary' });
    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(intake).getByRole('button', { name: 'Mark Intake Tool 1 as primary' }));

    const other = within(intake).getByRole('textbox', { name: 'Other Intake tool' });
    await userEvent.type(other, '  Homegrown CRM  {Enter}');
    await userEvent.type(other, 'homegrown crm{Enter}');
    expect(within(intake).getByText('(3/10)')).toBeTruthy();
    for (let n = 3; n <= 9; n += 1) {
      await userEvent.click(within(intake).getByRole('checkbox', { name: `Intake Tool ${n}` }));
    }
    expect(within(intake).getByText('(10/10)')).toBeTruthy();
    expect(within(intake).getByText('Maximum 10 vendors per category reached.')).toBeTruthy();
    expect(within(intake).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(intake).getByRole('checkbox', { name: 'Intake Tool 9' }));
    expect(within(intake).getByRole('textbox', { name: 'Other Intake tool' })).toBeTruthy();

    // No on Staffing clears its vendors.
    await userEvent.click(within(staffing).getByRole('radio', { name: 'No' }));
    expect(within(staffing).queryByRole('checkbox')).toBeNull();

    await userEvent.click(save);
    expect(await screen.findByText('Your tech stack has been updated successfully!')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Tech Stack' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: [
        {
          categoryId: 2,
          hasTool: true,
          selectedVendorIds: [100, 101, 102, 103, 104, 105, 106, 107],
          primaryVendorId: 100,
          otherVendors: ['Homegrown CRM'],
        },
        { categoryId: 9, hasTool: false },
      ],
    });
  });

  it('keeps the dialog open and says why when the save fails', async () => {
    serve({ status: 400, body: { error: 'At most 10 vendors per category' } });
    const onOpenChange = vi.fn();
    renderWithProviders(<MyTechStackModal open onOpenChange={onOpenChange} />);
    const intake = await screen.findByRole('region', { name: 'Intake' });
    await userEvent.click(within(intake).getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update tech stack: At most 10 vendors per category')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'My Tech Stack' })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows the loading error with a Close button', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/profile/category-adoption': { status: 500, body: { error: 'boom' } } });
    vi.stubGlobal('fetch', fetchMock);
    const onOpenChange = vi.fn();
    renderWithProviders(<MyTechStackModal open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'Error Loading Tech Stack' });
    expect(dialog.textContent).toContain('Failed to load category data. Please try again.');
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[closeButtons.length - 1]!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Cancel drops the edits', async () => {
    serve();
    renderWithProviders(<OpensFromAButton />);
    await openIt();
    const intake = await screen.findByRole('region', { name: 'Intake' });
    await userEvent.click(within(intake).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openIt();
    const again = await screen.findByRole('region', { name: 'Intake' });
    expect((within(again).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(false);
  });
});
