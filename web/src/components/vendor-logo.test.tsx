import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { logoSources, VendorLogo } from './vendor-logo';

afterEach(() => vi.unstubAllGlobals());

const vendor = { name: 'Filevine', logoUrl: null, websiteUrl: 'https://www.filevine.com/pricing' };

describe('logoSources', () => {
  it('tries the vendor logo, three icon services by host, then a letter avatar', () => {
    const kinds = logoSources({ ...vendor, logoUrl: 'https://cdn.filevine.com/logo.png' }, { thirdParty: true });
    expect(kinds.map((s) => s.kind)).toEqual(['vendor', 'google', 'duckduckgo', 'iconhorse', 'avatar']);
    expect(kinds[1]!.src).toBe('https://www.google.com/s2/favicons?domain=filevine.com&sz=128');
    expect(kinds[3]!.src).toBe('https://icon.horse/icon/filevine.com');
    expect(kinds[4]!.src.startsWith('data:image/svg+xml')).toBe(true);
  });

  it('with third parties off, nothing leaves our origin', () => {
    const remote = logoSources({ ...vendor, logoUrl: 'https://cdn.filevine.com/logo.png' }, { thirdParty: false });
    expect(remote.map((s) => s.kind)).toEqual(['avatar']);
    const local = logoSources({ ...vendor, logoUrl: '/logos/filevine.png' }, { thirdParty: false });
    expect(local.map((s) => s.kind)).toEqual(['vendor', 'avatar']);
  });

  it('skips the icon services for a website that is not http(s)', () => {
    expect(logoSources({ name: 'X', websiteUrl: 'javascript:alert(1)' }, { thirdParty: true }).map((s) => s.kind)).toEqual(['avatar']);
  });
});

describe('VendorLogo', () => {
  it('moves to the next source on each broken image and ends in a first-letter tile', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: true } } }).fetchMock);
    renderWithProviders(<VendorLogo {...vendor} />);

    await waitFor(() => expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe('google'));
    for (const next of ['duckduckgo', 'iconhorse', 'avatar']) {
      fireEvent.error(screen.getByRole('img', { name: 'Filevine logo' }));
      expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe(next);
    }
    fireEvent.error(screen.getByRole('img', { name: 'Filevine logo' }));
    const tile = screen.getByRole('img', { name: 'Filevine logo' });
    expect(tile.getAttribute('data-logo-source')).toBe('tile');
    expect(tile.textContent).toBe('F');
  });

  it("treats Google's 16 px globe as a miss and keeps a real icon", async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: true } } }).fetchMock);
    renderWithProviders(<VendorLogo {...vendor} />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe('google'));
    const globe = screen.getByRole('img', { name: 'Filevine logo' });
    Object.defineProperty(globe, 'naturalWidth', { value: 16 });
    fireEvent.load(globe);
    const next = screen.getByRole('img', { name: 'Filevine logo' });
    expect(next.getAttribute('data-logo-source')).toBe('duckduckgo');
    Object.defineProperty(next, 'naturalWidth', { value: 16 });
    fireEvent.load(next);
    expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe('duckduckgo');
  });

  it('asks no icon service while the setting is off or still loading', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } } }).fetchMock);
    renderWithProviders(<VendorLogo {...vendor} />);
    expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe('avatar');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('img', { name: 'Filevine logo' }).getAttribute('data-logo-source')).toBe('avatar');
  });
});
