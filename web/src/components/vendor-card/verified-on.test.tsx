import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { VerifiedOn, verifiedMonth } from './verified-on';

describe('verifiedMonth', () => {
  it('is the month and year of a YYYY-MM-DD day, whatever the time zone', () => {
    expect(verifiedMonth('2026-11-22')).toBe('Nov 2026');
    expect(verifiedMonth('2026-01-01')).toBe('Jan 2026');
  });

  it('is nothing for anything else', () => {
    for (const bad of [null, undefined, '', '2026-13-01', '2026-00-10', '22/11/2026', 'Nov 2026', '2026-11-22T00:00:00Z']) {
      expect(verifiedMonth(bad)).toBeNull();
    }
  });
});

describe('VerifiedOn', () => {
  it('says when the facts were verified and links the source', () => {
    render(<VerifiedOn verifiedOn="2026-11-22" sourceUrl="https://acme.example.com/about" />);
    expect(screen.getByText('Verified Nov 2026')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Source' });
    expect(link.getAttribute('href')).toBe('https://acme.example.com/about');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows no link for a source that is not a web address, and nothing when never verified', () => {
    const { container, rerender } = render(<VerifiedOn verifiedOn="2026-11-22" sourceUrl="javascript:alert(1)" />);
    expect(screen.getByText('Verified Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<VerifiedOn verifiedOn={null} sourceUrl="https://acme.example.com" />);
    expect(container.textContent).toBe('');
  });

  it('says the administrator added a booking link that no page vouches for, instead of Verified', () => {
    render(<VerifiedOn verifiedOn="2026-11-22" sourceUrl="https://acme.example.com/about" bookingAddedOn="2026-11-25" />);
    expect(screen.getByText('Added by your administrator on Nov 25, 2026')).toBeTruthy();
    expect(screen.queryByText('Verified Nov 2026')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
