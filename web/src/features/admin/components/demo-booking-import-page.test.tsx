import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { DemoBookingImportPage } from './demo-booking-import-page';

const user = (isAdmin: boolean) => ({ id: 1, name: 'Ada', email: 'ada@firm.test', lawFirm: 'Lovelace Law', firmSize: null, isAdmin });

type Answer = { status: number; body: unknown };

/** An XMLHttpRequest stand-in: reports upload progress in two steps, then answers `answer`. */
/** A fake XMLHttpRequest that answers `answer`, 30 ms after the send or, with `held`, once the test calls `release()`
 * (so a test can look at the screen while the upload is under way, however slow the machine). */
function stubXhr(answer: Answer, held = false) {
  const sent: FormData[] = [];
  let release: () => void = () => {};
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    method = '';
    url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      void released.then(() =>
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 30),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return Object.assign(sent, { release: () => release() });
}

function setup(isAdmin = true) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/auth/me': { body: { user: user(isAdmin) } },
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderWithProviders(<DemoBookingImportPage />, { path: '/admin/import' }), calls };
}

const csv = (name: string, text = 'Category,Client\nIntake,Acme\n') => new File([text], name, { type: 'text/csv' });
const toastRegion = () => screen.getByRole('region', { name: /Notifications/ });

afterEach(() => vi.unstubAllGlobals());

describe('DemoBookingImportPage', () => {
  test('tells a non-admin that it needs an admin', async () => {
    setup(false);
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeTruthy();
    expect(screen.queryByLabelText('CSV file')).toBeNull();
  });

  test('asks for a file, and refuses one that is not a CSV', async () => {
    const sent = stubXhr({ status: 200, body: {} });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Import Demo Bookings' }));
    expect(await within(toastRegion()).findByText('No File Selected')).toBeTruthy();
    expect(within(toastRegion()).getByText('Please select a CSV file to upload.')).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('CSV file'), csv('bookings.xlsx'), { applyAccept: false });
    expect(await within(toastRegion()).findByText('Invalid File')).toBeTruthy();
    expect(within(toastRegion()).getByText('Please select a valid CSV file.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  test('uploads the file, then shows the counts, the row errors and a toast', async () => {
    const sent = stubXhr(
      {
        status: 200,
        body: {
          kind: 'vendors',
          inserted: 2,
          updated: 1,
          skipped: 3,
          rowErrors: 2,
          errors: ['Row 3: websiteUrl must be an http(s) address', 'Row 5: unknown category "Nope"'],
          unknownVendorRows: 0,
          unknownVendors: [],
          unknownVendorNames: 0,
        },
      },
      true,
    );
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('vendors.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Demo Bookings' }));
    expect(await screen.findByRole('button', { name: 'Importing...' })).toBeTruthy();
    sent.release();

    expect(await screen.findByText('Errors (2)')).toBeTruthy();
    expect(screen.getByText('Row 5: unknown category "Nope"')).toBeTruthy();
    expect(within(screen.getByText('Vendors inserted').parentElement!).getByText('2')).toBeTruthy();
    // Rows were left out: a warning, never "Import Successful".
    expect(within(toastRegion()).getByText('Imported with 2 rows skipped')).toBeTruthy();
    expect(within(toastRegion()).queryByText('Import Successful')).toBeNull();
    expect(
      within(toastRegion()).getByText(
        'Imported 2 new vendors, updated 1 existing vendor, skipped 3 records. The rows with errors are listed under Import Results.',
      ),
    ).toBeTruthy();
    expect((sent[0]!.get('file') as File).name).toBe('vendors.csv');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(['trends', 'demo-bookings', 'trend-cities', 'filter-options', 'vendors', 'categories']);
  });

  test('a clean import is a success, its counts grouped, and Clients not in the catalog are named', async () => {
    stubXhr({
      status: 200,
      body: {
        kind: 'bookings',
        inserted: 36835,
        updated: 0,
        skipped: 1008,
        rowErrors: 0,
        errors: [],
        unknownVendorRows: 37,
        unknownVendors: ['Nonesuch Intake', 'Zeta Calls'],
        unknownVendorNames: 3,
      },
    });
    setup();
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('bookings.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Demo Bookings' }));
    expect(await within(toastRegion()).findByText('Import Successful')).toBeTruthy();
    expect(
      within(toastRegion()).getByText('Imported 36,835 new bookings, updated 0 existing bookings, skipped 1,008 records.'),
    ).toBeTruthy();
    expect(within(screen.getByText('Bookings inserted').parentElement!).getByText('36,835')).toBeTruthy();
    expect(screen.getByText(/37 rows name a vendor not in the catalog: Nonesuch Intake, Zeta Calls, …/)).toBeTruthy();
  });

  test('shows the server’s reason when the import fails', async () => {
    stubXhr({ status: 400, body: { error: 'This file is neither a bookings file nor a vendor file.' } });
    setup();
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('notes.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Demo Bookings' }));
    expect(await within(toastRegion()).findByText('Import Failed')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This file is neither a bookings file nor a vendor file.'));
  });
});
