import { fireEvent, screen, waitFor } from '@testing-library/react';
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
