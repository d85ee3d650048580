import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import type { ProposalQueue, VendorProposal } from '../api/get-vendor-proposals';
import { VendorProposalsSection } from './vendor-proposals-section';

afterEach(() => vi.unstubAllGlobals());

const operator = testUser('owner', { isAdmin: true });
const ADMIN_VENDORS = ['vendors', 'admin', { q: '', page: 1 }];

const open = (id: number, extra: Partial<VendorProposal> = {}): VendorProposal => ({
  id,
  vendorId: 43,
  vendorName: 'EvenUp',
  byName: 'Jo Vendor',
  submittedAt: '2026-11-25T12:00:00Z',
  status: 'open',
  decidedAt: null,
  reason: null,
  changes: [
    { field: 'bookingUrl', label: 'Booking link', current: 'Not stated', proposed: 'https://www.evenuplaw.com/demo', attestation: false },
    { field: 'hipaaBaa', label: 'Signs a BAA', current: 'Not stated', proposed: 'Yes', attestation: true },
  ],
  problem: null,
  ...extra,
});

function serve(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(routes);
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

/** A server whose queue moves a proposal to `decided` when it is decided. */
function queueServer(start: ProposalQueue, refusal?: { status: number; error: string }) {
  let queue = start;
  return serve({
    'GET /api/admin/vendor-proposals': () => ({ body: queue }),
    ...Object.fromEntries(
      start.open.map((p) => [
        `POST /api/admin/vendor-proposals/${p.id}/decision`,
        () => {
          if (refusal) return { status: refusal.status, body: { error: refusal.error } };
          const decided: VendorProposal = { ...p, status: 'approved', decidedAt: '2026-11-26T12:00:00Z', changes: [] };
          queue = { open: queue.open.filter((o) => o.id !== p.id), decided: [decided, ...queue.decided] };
          return { body: decided };
        },
      ]),
    ),
  });
}

describe('VendorProposalsSection', () => {
  it('says in one line that nothing is waiting', async () => {
    serve({ 'GET /api/admin/vendor-proposals': { body: { open: [], decided: [] } } });
    renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    expect(await screen.findByText('No proposals are waiting.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Proposals from vendors' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Open proposals' })).toBeNull();
    expect(screen.queryByText(/^Decided/)).toBeNull();
  });

  it('shows each open proposal with its changes, and approving it moves it to Decided', async () => {
    const { calls } = queueServer({ open: [open(7)], decided: [] });
    const { queryClient } = renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    queryClient.setQueryData(ADMIN_VENDORS, { items: [] });
    const proposal = await screen.findByRole('article', { name: 'EvenUp' });
    expect(screen.getByText(/^1 proposal is waiting for your decision\./)).toBeTruthy();
    expect(
      within(proposal).getByText(
        (_, element) => element?.tagName === 'P' && /^Proposed by Jo Vendor on Nov 25, 2026/.test(element.textContent ?? ''),
      ),
    ).toBeTruthy();
    const rows = within(proposal)
      .getAllByRole('row')
      .filter((row) => row.children.length === 3);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Fact', 'Now', 'Proposed'],
      ['Booking link', 'Not stated', 'https://www.evenuplaw.com/demo'],
      ['Signs a BAAAttestation', 'Not stated', 'Yes'],
    ]);

    // "Approve all" sends the evidence given for the attestation.
    await userEvent.type(
      within(proposal).getByLabelText('EvenUp’s trust or legal page for Signs a BAA'),
      'https://www.evenuplaw.com/legal/baa',
    );
    await userEvent.click(within(proposal).getByRole('button', { name: /^Approve all EvenUp’s proposal of Nov 25, 2026/ }));
    const none = await screen.findByText('No proposals are waiting.');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/vendor-proposals/7/decision',
      body: { approve: true, evidence: { hipaaBaa: { url: 'https://www.evenuplaw.com/legal/baa' } } },
    });
    expect(await screen.findByText('EvenUp: proposal approved')).toBeTruthy();
    // What firms see changed.
    expect(queryClient.getQueryState(ADMIN_VENDORS)?.isInvalidated).toBe(true);
    // The keyboard focus is not lost with the button.
    await waitFor(() => expect(document.activeElement).toBe(none));
    await userEvent.click(screen.getByText('Decided (1)'));
    const decided = screen.getByRole('list', { name: 'Decided proposals' });
    const item = within(decided).getByRole('listitem');
    expect(item.textContent).toContain('Approved on Nov 26, 2026');
    expect(item.textContent).toContain('Proposed by Jo Vendor on Nov 25, 2026');
    expect(item.textContent).not.toContain('Reason');
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    let queue: ProposalQueue = { open: [open(7), open(8, { byName: 'Sam Vendor', submittedAt: '2026-11-25T13:00:00Z' })], decided: [] };
    const { calls } = serve({
      'GET /api/admin/vendor-proposals': () => ({ body: queue }),
      'POST /api/admin/vendor-proposals/8/decision': () => {
        const decided: VendorProposal = {
          ...queue.open[1]!,
          status: 'rejected',
          decidedAt: '2026-11-26T12:00:00Z',
          reason: 'The link goes to a sign-in page.',
        };
        queue = { open: [queue.open[0]!], decided: [decided] };
        return { body: decided };
      },
    });
    const { queryClient } = renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    queryClient.setQueryData(ADMIN_VENDORS, { items: [] });
    const list = await screen.findByRole('list', { name: 'Open proposals' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    await userEvent.click(within(list).getAllByRole('button', { name: /^Reject all EvenUp’s proposal/ })[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Reject EvenUp’s proposal?' });
    expect(within(dialog).getByText(/^Proposed by Sam Vendor on Nov 25, 2026/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));
    expect(within(dialog).getByText('Say why the proposal is rejected: the vendor is told.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason, shown to the vendor'), '  The link goes to a sign-in page. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: false, reason: 'The link goes to a sign-in page.' });
    expect(await screen.findByText('Sam Vendor is told your reason.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    // A rejection changes nothing firms see.
    expect(queryClient.getQueryState(ADMIN_VENDORS)?.isInvalidated).toBe(false);
    await userEvent.click(screen.getByText('Decided (1)'));
    const decided = within(screen.getByRole('list', { name: 'Decided proposals' })).getByRole('listitem');
    expect(decided.textContent).toContain('Rejected on Nov 26, 2026');
    expect(decided.textContent).toContain('Proposed by Sam Vendor');
    expect(within(decided).getByText('Reason: The link goes to a sign-in page.')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    queueServer({ open: [open(7)], decided: [] }, { status: 409, error: 'This proposal was decided already' });
    renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    await userEvent.click(await screen.findByRole('button', { name: /^Reject all EvenUp’s proposal/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject EvenUp’s proposal?' });
    await userEvent.type(within(dialog).getByLabelText('Reason, shown to the vendor'), 'Not ours to say.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject proposal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This proposal was decided already');
  });

  it('warns when a proposal can no longer be approved as it is, and offers only Reject', async () => {
    const problem = 'bookingUrl: "https://evenup" has no valid host name';
    serve({ 'GET /api/admin/vendor-proposals': { body: { open: [open(7, { problem, changes: [] })], decided: [] } } });
    renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    const proposal = await screen.findByRole('article', { name: 'EvenUp' });
    expect(within(proposal).getByText(problem).parentElement!.textContent).toBe(`It cannot be approved as it is: ${problem}`);
    expect((within(proposal).getByRole('button', { name: /^Approve all/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(proposal).getByRole('button', { name: /^Reject all/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(proposal).queryByRole('table')).toBeNull();
  });

  it('decides fact by fact: an attestation waits for its evidence, a rejection may say why', async () => {
    let proposal = open(7);
    const { calls } = serve({
      'GET /api/admin/vendor-proposals': () => ({ body: { open: [proposal], decided: [] } }),
      'POST /api/admin/vendor-proposals/7/facts/hipaaBaa/decision': () => {
        proposal = {
          ...proposal,
          changes: proposal.changes.map((c) =>
            c.field === 'hipaaBaa'
              ? {
                  ...c,
                  decision: {
                    approved: true,
                    decidedAt: '2026-11-26T12:00:00Z',
                    reason: null,
                    evidenceSeenOn: '2026-11-26',
                    evidenceUrl: null,
                  },
                }
              : c,
          ),
        };
        return { body: proposal };
      },
      'POST /api/admin/vendor-proposals/7/facts/bookingUrl/decision': () => ({ body: proposal }),
    });
    const { queryClient } = renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    queryClient.setQueryData(ADMIN_VENDORS, { items: [] });
    const article = await screen.findByRole('article', { name: 'EvenUp' });
    // Only the attestation asks for evidence.
    expect(within(article).getAllByRole('group')).toHaveLength(1);
    await userEvent.click(within(article).getByRole('button', { name: 'Approve Signs a BAA' }));
    expect(within(article).getByText(/^Signs a BAA is an attestation: give the page you saw/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(article).getByRole('radio', { name: 'I have seen the report' }));
    await userEvent.type(
      within(article).getByLabelText('Your note: which report for Signs a BAA, when and how you saw it'),
      'Their signed BAA template, shown on a call',
    );
    await userEvent.click(within(article).getByRole('button', { name: 'Approve Signs a BAA' }));
    expect(await screen.findByText('EvenUp: Signs a BAA approved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/vendor-proposals/7/facts/hipaaBaa/decision',
      body: { approve: true, reason: null, evidence: { note: 'Their signed BAA template, shown on a call' } },
    });
    expect(await within(article).findByText(/evidence seen on Nov 26, 2026/)).toBeTruthy();
    expect(within(article).getByRole('button', { name: /^Approve the rest/ })).toBeTruthy();

    await userEvent.click(within(article).getByRole('button', { name: 'Reject… Booking link' }));
    await userEvent.type(within(article).getByLabelText('Why not Booking link? Optional, shown to the vendor'), 'It asks for a sign-in');
    await userEvent.click(within(article).getByRole('button', { name: 'Reject Booking link' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ approve: false, reason: 'It asks for a sign-in', evidence: null });
  });

  it('says when the listing took every value of a proposal meanwhile', async () => {
    serve({ 'GET /api/admin/vendor-proposals': { body: { open: [open(7, { changes: [] })], decided: [] } } });
    renderWithProviders(<VendorProposalsSection />, { path: '/admin/vendors', user: operator });
    const proposal = await screen.findByRole('article', { name: 'EvenUp' });
    expect(within(proposal).getByText('The listing already states every value in it: approving it changes nothing.')).toBeTruthy();
  });
});
