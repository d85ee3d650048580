import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { changedFields, servesLogo, VendorEditForm } from './vendor-edit-form';

const SERVED = '/api/logos/1/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const COPIES_HINT = 'Litstack copies the image (PNG, JPEG, GIF or WebP, at most 512 KB) when you save, and serves the copy to firms.';
const SERVED_HINT = 'Litstack serves a copy of this logo. Enter a new http(s) address to replace it.';

const avvo = (extra: Partial<Vendor> = {}): Vendor => ({
  id: 1,
  name: 'Avvo',
  categoryId: 2,
  categoryName: 'Intake',
  categoryLabel: 'Intake',
  websiteUrl: 'https://www.avvo.com',
  bookingUrl: null,
  logoUrl: null,
  description: '',
  shortHighlights: [],
  integrations: [],
  priceBracket: null,
  isRecommendedPartner: false,
  partnerLevel: null,
  isActive: true,
  firmSizesSupported: [],
  practiceAreasSupported: [],
  tags: [],
  needsReview: false,
  facts: { security: {} },
  ...extra,
});

/** The dialog for `vendor`, with the server answering its PATCH with `vendor`. */
function open(vendor: Vendor) {
  const mock = mockFetch({ 'PATCH /api/admin/vendors/1': { body: vendor } });
  vi.stubGlobal('fetch', mock.fetchMock);
  const onClose = vi.fn();
  renderWithProviders(<VendorEditForm vendor={vendor} onClose={onClose} onDelete={() => {}} onMerge={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit Avvo' });
  const save = async () => {
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  };
  const patches = () => mock.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  return { dialog, save, patches, logo: within(dialog).getByLabelText('Logo URL') as HTMLInputElement };
}

afterEach(() => vi.unstubAllGlobals());

describe('the logo in the vendor edit dialog', () => {
  test('a logo Litstack serves shows as the image, with an empty field: saving other changes keeps it', async () => {
    const { dialog, save, patches, logo } = open(avvo({ logoUrl: SERVED }));
    expect(within(dialog).getByRole('img', { name: 'Avvo logo' }).getAttribute('src')).toBe(SERVED);
    expect(logo.value).toBe('');
    expect(within(dialog).getByText(SERVED_HINT)).toBeTruthy();
    expect(within(dialog).queryByText(COPIES_HINT)).toBeNull();
    expect((within(dialog).getByLabelText('Remove the logo') as HTMLInputElement).checked).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Partner level'), 'Gold');
    await save();
    expect(patches()).toEqual([{ partnerLevel: 'Gold' }]);
  });

  test('"Remove the logo" sends null, whatever the field holds', async () => {
    const { dialog, save, patches, logo } = open(avvo({ logoUrl: SERVED }));
    await userEvent.type(logo, 'not a link');
    await userEvent.click(within(dialog).getByLabelText('Remove the logo'));
    expect(logo.disabled).toBe(true);
    await save();
    expect(patches()).toEqual([{ logoUrl: null }]);
  });

  test('a new address replaces a logo Litstack serves', async () => {
    const { save, patches, logo } = open(avvo({ logoUrl: SERVED }));
    await userEvent.type(logo, ' https://www.avvo.com/logo.png ');
    await save();
    expect(patches()).toEqual([{ logoUrl: 'https://www.avvo.com/logo.png' }]);
  });

  test('without a served logo the field is as before, and says Litstack copies the image', async () => {
    const { dialog, save, patches, logo } = open(avvo());
    expect(logo.value).toBe('');
    expect(within(dialog).getByText(COPIES_HINT)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Remove the logo')).toBeNull();
    expect(within(dialog).queryByRole('img', { name: 'Avvo logo' })).toBeNull();

    await userEvent.type(logo, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an address starting with http:// or https://, or leave it empty.')).toBeTruthy();
    expect(patches()).toEqual([]);

    await userEvent.clear(logo);
    await userEvent.type(logo, 'https://www.avvo.com/logo.png');
    await save();
    expect(patches()).toEqual([{ logoUrl: 'https://www.avvo.com/logo.png' }]);
  });
});

describe('changedFields', () => {
  const form = { level: '', star: false, active: true, booking: '', logo: '' };

  test('tells a served copy from a link a CSV import left uncopied', () => {
    expect(servesLogo(avvo({ logoUrl: SERVED }))).toBe(true);
    expect(servesLogo(avvo({ logoUrl: 'https://www.avvo.com/logo.png' }))).toBe(false);
    expect(servesLogo(avvo())).toBe(false);
  });

  test('a served logo: an empty field is unchanged, and only "Remove the logo" clears it', () => {
    const vendor = avvo({ logoUrl: SERVED });
    expect(changedFields(vendor, form)).toEqual({});
    expect(changedFields(vendor, { ...form, logo: '   ' })).toEqual({});
    expect(changedFields(vendor, { ...form, removeLogo: true })).toEqual({ logoUrl: null });
    expect(changedFields(vendor, { ...form, logo: 'https://a.test/l.png', removeLogo: true })).toEqual({ logoUrl: null });
    expect(changedFields(vendor, { ...form, logo: 'https://a.test/l.png' })).toEqual({ logoUrl: 'https://a.test/l.png' });
  });

  test('an uncopied link: sent when the field differs from it, null when emptied', () => {
    const vendor = avvo({ logoUrl: 'https://www.avvo.com/logo.png' });
    expect(changedFields(vendor, { ...form, logo: 'https://www.avvo.com/logo.png' })).toEqual({});
    expect(changedFields(vendor, { ...form, logo: '' })).toEqual({ logoUrl: null });
    expect(changedFields(vendor, { ...form, logo: 'https://a.test/l.png' })).toEqual({ logoUrl: 'https://a.test/l.png' });
  });
});
