import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { DemoRequestForm } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { DemoRequestDialog } from './demo-request-dialog';

const form: DemoRequestForm = {
  vendorId: 38,
  vendorName: 'ChartSwap',
  hasAccount: true,
  askedToJoin: false,
  openRequest: null,
  fields: [
    { field: 'name', label: 'Your name', value: 'Ada Lovelace' },
    { field: 'email', label: 'Your email', value: 'ada@lovelace.law' },
    { field: 'firmName', label: "Your firm's name", value: 'Lovelace Law' },
    { field: 'firmSize', label: "Your firm's size", value: null },
    { field: 'category', label: 'What you are looking for', value: 'Medical Record Retrieval' },
  ],
};

function setup(answer: { status: number; body: unknown }) {
  const mock = mockFetch({ 'POST /api/vendors/38/demo-requests': answer });
  vi.stubGlobal('fetch', mock.fetchMock);
  const onClose = vi.fn();
  renderWithProviders(<DemoRequestDialog form={form} onClose={onClose} />, { user: testUser('member') });
  return { ...mock, onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe('DemoRequestDialog', () => {
  test('ticks nothing at first, and sends only what the member ticked', async () => {
    const { calls, onClose } = setup({ status: 201, body: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Request a demo from ChartSwap' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    // A field with nothing to send cannot be ticked, and says why.
    expect((within(dialog).getByRole('checkbox', { name: /Your firm's size/ }) as HTMLInputElement).disabled).toBe(true);
    within(dialog).getByText('Not given in your firm details, so there is nothing to send');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Your email/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'A note to ChartSwap (optional)' }), '  Ten cases a month  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ note: 'Ten cases a month', shareEmail: true });
  });

  test('keeps a refusal in the dialog with the server’s words', async () => {
    const message = 'You asked ChartSwap for a demo 3 times in the last 30 days: use their website or ask a colleague';
    const { onClose } = setup({ status: 429, body: { error: message } });
    const dialog = await screen.findByRole('dialog', { name: 'Request a demo from ChartSwap' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message);
    expect(onClose).not.toHaveBeenCalled();
  });
});
