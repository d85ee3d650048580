import { afterEach, describe, expect, test, vi } from 'vitest';

import { openOutbound, withUtm } from './outbound';

describe('withUtm', () => {
  test('adds the tag to a plain address', () => {
    expect(withUtm('https://vendor.com/demo', 'litstack')).toBe('https://vendor.com/demo?utm_source=litstack');
    expect(withUtm('https://vendor.com', 'litstack')).toBe('https://vendor.com?utm_source=litstack');
  });

  test('keeps an existing query string and fragment', () => {
    expect(withUtm('https://v.com/book?ref=a&x=1#slot', 'litstack')).toBe('https://v.com/book?ref=a&x=1&utm_source=litstack#slot');
    expect(withUtm('http://v.com/?#top', 'ls')).toBe('http://v.com/?utm_source=ls#top');
    expect(withUtm('https://v.com/a?x=1&', 'ls')).toBe('https://v.com/a?x=1&utm_source=ls');
  });

  test('never tags twice and leaves another utm_source alone', () => {
    const once = withUtm('https://v.com/a', 'litstack')!;
    expect(withUtm(once, 'litstack')).toBe(once);
    expect(withUtm('https://v.com/a?utm_source=partner#x', 'litstack')).toBe('https://v.com/a?utm_source=partner#x');
    expect(withUtm('https://v.com/a?my_utm_source=1', 'ls')).toBe('https://v.com/a?my_utm_source=1&utm_source=ls');
  });

  test('only http(s) addresses become links', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,hi',
      '//v.com/a',
      '/vendors',
      'https://v.com/a b',
      '',
      null,
      undefined,
      'https://',
    ]) {
      expect(withUtm(bad, 'litstack')).toBeNull();
    }
  });

  test('encodes the configured source', () => {
    expect(withUtm('https://v.com', 'a b&c')).toBe('https://v.com?utm_source=a%20b%26c');
  });
});

describe('openOutbound', () => {
  afterEach(() => vi.restoreAllMocks());

  test('opens a new tab without a handle back to us', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openOutbound('https://v.com/book', 'litstack')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://v.com/book?utm_source=litstack', '_blank', 'noopener,noreferrer');
  });

  test('opens nothing for a non-web address', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openOutbound('javascript:alert(1)', 'litstack')).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });
});
