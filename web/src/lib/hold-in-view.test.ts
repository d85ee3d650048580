import { afterEach, describe, expect, it, vi } from 'vitest';

import { holdInView } from './hold-in-view';

/** A ResizeObserver whose callback the test calls, and which says when it was disconnected. */
function fakeObserver() {
  const seen = { resize: () => {}, disconnected: false };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        seen.resize = callback;
      }
      observe() {}
      disconnect() {
        seen.disconnected = true;
      }
    },
  );
  return seen;
}

describe('holdInView', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('scrolls the element to the top again as the page above it grows, until the reader scrolls', () => {
    const observer = fakeObserver();
    const element = document.createElement('section');
    const scrolled = vi.spyOn(element, 'scrollIntoView').mockImplementation(() => {});
    holdInView(element);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'start' });
    observer.resize();
    expect(scrolled).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('wheel'));
    expect(observer.disconnected).toBe(true);
  });

  it('lets go after 3 seconds, or when stopped', () => {
    vi.useFakeTimers();
    const observer = fakeObserver();
    const element = document.createElement('section');
    vi.spyOn(element, 'scrollIntoView').mockImplementation(() => {});
    holdInView(element);
    vi.advanceTimersByTime(2999);
    expect(observer.disconnected).toBe(false);
    vi.advanceTimersByTime(1);
    expect(observer.disconnected).toBe(true);

    const again = fakeObserver();
    const stop = holdInView(element);
    stop();
    expect(again.disconnected).toBe(true);
  });
});
