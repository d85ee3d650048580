import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { AdminFirm, ImportedFirm } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { FirmAdminPage } from './firm-admin-page';

const ABOUT =
  'Loads a firm’s archive from another Litstack install as a new firm. Its people have no password here: you give an owner a reset link, and the owner gives the others theirs.';
const NOT_AN_ARCHIVE = 'This is not a Litstack firm archive: it is not a complete zip file (invalid Zip archive: Could not find EOCD)';
const TAKEN =
  'These people already have an account on this install, and an email belongs to one firm: pat@doe-injury.test. Remove those accounts here, or change the emails in the firm and export it again';

const IMPORTED: ImportedFirm = {
  firmId: 7,
  name: 'Doe Injury Law',
  members: 2,
  people: [
    { userId: 21, name: 'Pat Doe', email: 'pat@doe-injury.test', role: 'owner' },
    { userId: 22, name: 'Lee Roe', email: 'lee@doe-injury.test', role: 'member' },
  ],
  tables: [
    { table: 'firms', rows: 1 },
    { table: 'users', rows: 2 },
    { table: 'tech_stack', rows: 1 },
    { table: 'picks', rows: 0 },
    { table: 'notices', rows: 0 },
  ],
  leftOut: [{ table: 'sso_domains', why: "the operator confirms a firm's domains on each install: an owner claims them again" }],
  notes: ['Members have no password here: give each a reset link.'],
};

type Answer = { status: number; body: unknown };
type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

/**
 * An XMLHttpRequest stand-in that records what was sent and answers `answer` once the test calls
 * `release()` (so the test can look at the screen while the upload is under way), after reporting
 * half of the upload.
 */
function stubXhr(answer: Answer) {
  const sent: Sent[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Sent = { method: '', url: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      void released.then(() =>
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 10),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return Object.assign(sent, { release: () => release() });
}

const firm = (id: number, name: string): AdminFirm => ({
  id,
  name,
  size: 'E6_20',
  members: 1,
  createdAt: '2026-11-20T10:00:00Z',
  verified: false,
  disabled: false,
});

/** The firms screen's reads; the list gains the imported firm once `imported()` is called. */
function serve() {
  let firms = [firm(1, 'Lovelace Law')];
  const { fetchMock, calls } = mockFetch({
    'GET /api/admin/firms': () => ({ body: { items: firms } }),
    'GET /api/admin/firms/sso-domains': { body: { items: [] } },
    'GET /api/admin/settings': { body: { signUp: 'open' } },
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, imported: () => (firms = [...firms, { ...firm(7, 'Doe Injury Law'), members: 2 }]) };
}

const zip = (name = 'litstack-firm-3-2026-11-20.zip', bytes = 'PK\u0003\u0004 not really') =>
  new File([bytes], name, { type: 'application/zip' });

function render() {
  renderWithProviders(<FirmAdminPage />, { user: testUser('owner', { isAdmin: true }) });
  return screen.findByRole('region', { name: 'Import a firm' });
}

afterEach(() => vi.unstubAllGlobals());

describe('FirmImport', () => {
  test('says what an import does, and asks for a file before sending anything', async () => {
    const sent = stubXhr({ status: 201, body: IMPORTED });
    serve();
    const section = await render();
    const input = within(section).getByLabelText('Firm archive (.zip)');
    expect(input.getAttribute('accept')).toBe('.zip,application/zip');
    expect(within(section).getByText(ABOUT)).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Import firm' }));
    expect(within(section).getByRole('alert').textContent).toBe('Choose the firm’s archive (a .zip file) first.');
    expect(document.activeElement).toBe(input);
    expect(sent).toHaveLength(0);
  });

  test('sends the zip as the body, shows the upload under way, then what the import did, and the list refreshes', async () => {
    const sent = stubXhr({ status: 201, body: IMPORTED });
    const server = serve();
    const section = await render();
    const archive = zip();
    await userEvent.upload(within(section).getByLabelText('Firm archive (.zip)'), archive);
    await userEvent.click(within(section).getByRole('button', { name: 'Import firm' }));

    const busy = await within(section).findByRole('button', { name: 'Importing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(section).getByLabelText('Firm archive (.zip)') as HTMLInputElement).disabled).toBe(true);
    expect((await within(section).findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('50');
    // The file itself is the body: not a form, not JSON.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/firms/import',
      headers: { Accept: 'application/json', 'Content-Type': 'application/zip' },
    });
    expect(sent[0]!.body).toBe(archive);

    server.imported();
    sent.release();
    const result = await within(section).findByRole('region', { name: 'Imported Doe Injury Law' });
    expect(document.activeElement).toBe(within(result).getByRole('heading', { name: 'Imported Doe Injury Law' }));
    expect(within(within(result).getByText('Firm id').parentElement!).getByText('7')).toBeTruthy();
    expect(within(within(result).getByText('Members').parentElement!).getByText('2')).toBeTruthy();
    expect(within(result).getByRole('heading', { name: 'Rows written: 4 rows in 5 tables' })).toBeTruthy();
    // Its people: an owner gets a reset link here; the owner gives the others theirs.
    expect(within(result).getByRole('button', { name: 'Reset link for pat@doe-injury.test' })).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Reset link for lee@doe-injury.test' })).toBeNull();
    const rows = within(result)
      .getAllByRole('listitem')
      .slice(2)
      .map((item) => item.textContent);
    expect(within(result).getAllByRole('listitem')[1]!.textContent).toBe('Lee Roelee@doe-injury.test · member');
    expect(rows).toEqual([
      'firms1 row',
      'users2 rows',
      'tech_stack1 row',
      "sso_domains: the operator confirms a firm's domains on each install: an owner claims them again",
      'Members have no password here: give each a reset link.',
    ]);
    expect(within(result).getByText('No rows in picks, notices.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Import firm' })).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();

    // The firms list reads again and shows the new firm.
    expect(await screen.findByRole('rowheader', { name: /^Doe Injury Law/ })).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/api/admin/firms')).toHaveLength(2);
  });

  test('an archive that leaves nothing out says so, and no notes means no notes list', async () => {
    stubXhr({ status: 201, body: { ...IMPORTED, leftOut: [], notes: [] } }).release();
    serve();
    const section = await render();
    await userEvent.upload(within(section).getByLabelText('Firm archive (.zip)'), zip());
    await userEvent.click(within(section).getByRole('button', { name: 'Import firm' }));
    const result = await within(section).findByRole('region', { name: 'Imported Doe Injury Law' });
    expect(within(result).getByText('Every table of the archive was taken.')).toBeTruthy();
    expect(within(result).queryByRole('heading', { name: 'Notes' })).toBeNull();
  });

  test.each([
    ['a file that is not an archive', 400, NOT_AN_ARCHIVE],
    ['members whose emails have accounts here', 409, TAKEN],
    ['an archive over the body limit', 413, 'The request body is too large.'],
  ])('shows the server’s message for %s in an alert beside the form', async (_what, status, error) => {
    stubXhr({ status, body: { error } }).release();
    serve();
    const section = await render();
    await userEvent.upload(within(section).getByLabelText('Firm archive (.zip)'), zip('notes.txt', 'just text'));
    await userEvent.click(within(section).getByRole('button', { name: 'Import firm' }));
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe(error));
    expect(within(section).queryByRole('region')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Import firm' })).toBeTruthy();
  });

  test('refuses an archive over 128 MB without sending it', async () => {
    const sent = stubXhr({ status: 201, body: IMPORTED });
    serve();
    const section = await render();
    const huge = zip();
    Object.defineProperty(huge, 'size', { value: 128 * 1024 * 1024 + 1 });
    await userEvent.upload(within(section).getByLabelText('Firm archive (.zip)'), huge);
    await userEvent.click(within(section).getByRole('button', { name: 'Import firm' }));
    expect(within(section).getByRole('alert').textContent).toBe('The archive is larger than 128 MB, the most an import takes');
    expect(sent).toHaveLength(0);
  });
});
