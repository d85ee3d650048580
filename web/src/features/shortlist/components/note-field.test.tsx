import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { NoteField } from './note-field';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve() {
  const mock = mockFetch({ 'PUT /api/shortlist/12': { body: {} }, 'GET /api/shortlist': { body: { groups: [] } } });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('NoteField', () => {
  it('saves once typing pauses and says "Saved"', async () => {
    const { calls } = serve();
    renderWithProviders(<NoteField vendorId={12} vendorName="Lawmatics" initial="" />);
    const field = screen.getByLabelText('Note on Lawmatics');
    fireEvent.change(field, { target: { value: 'Ask' } });
    fireEvent.change(field, { target: { value: 'Ask about pricing' } });
    await screen.findByText('Saved', {}, { timeout: 3000 });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ note: 'Ask about pricing' }]);
  });

  it('never sends a note over 2,000 characters and says why', async () => {
    const { calls } = serve();
    renderWithProviders(<NoteField vendorId={12} vendorName="Lawmatics" initial="kept" />);
    fireEvent.change(screen.getByLabelText('Note on Lawmatics'), { target: { value: 'x'.repeat(2001) } });
    await screen.findByText(/at most 2,000 are saved/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(screen.getByLabelText('Note on Lawmatics').getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('NoteField saving while typing goes on', () => {
  it('keeps one save on its way and sends the latest text after it, so an older note never lands last', async () => {
    const mock = mockFetch({ 'PUT /api/shortlist/12': { body: {} }, 'GET /api/shortlist': { body: { groups: [] } } });
    const gates: Array<() => void> = [];
    // Each PUT waits until the test lets it through.
    const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'PUT') await new Promise<void>((resolve) => gates.push(resolve));
      return mock.fetchMock(input, init);
    };
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<NoteField vendorId={12} vendorName="Lawmatics" initial="" />);
    const field = screen.getByLabelText('Note on Lawmatics');
    fireEvent.change(field, { target: { value: 'First' } });
    await waitFor(() => expect(gates).toHaveLength(1));
    await screen.findByText('Saving...');
    // More typing while the first save is on its way: no second save yet.
    fireEvent.change(field, { target: { value: 'First, then more' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gates).toHaveLength(1);
    gates[0]!();
    await waitFor(() => expect(gates).toHaveLength(2));
    expect(screen.queryByText('Saved')).toBeNull();
    gates[1]!();
    await screen.findByText('Saved');
    const puts = mock.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ note: 'First' }, { note: 'First, then more' }]);
  });
});

/** The card around the field: the shortlist's note changes when the list refreshes. */
function Refreshing() {
  const [initial, setInitial] = useState('First');
  return (
    <>
      <NoteField vendorId={12} vendorName="Lawmatics" initial={initial} />
      <button onClick={() => setInitial((n) => (n === 'First' ? "Cy's note" : 'Another note'))}>refresh</button>
    </>
  );
}

describe('NoteField and a colleague', () => {
  it("shows a colleague's newer note while nothing is being typed, and keeps typing that is", async () => {
    serve();
    renderWithProviders(<Refreshing />);
    const field = () => screen.getByLabelText<HTMLTextAreaElement>('Note on Lawmatics');
    fireEvent.click(screen.getByText('refresh'));
    await waitFor(() => expect(field().value).toBe("Cy's note"));
    fireEvent.change(field(), { target: { value: 'Mine, unsaved' } });
    fireEvent.click(screen.getByText('refresh'));
    expect(field().value).toBe('Mine, unsaved');
  });
});
