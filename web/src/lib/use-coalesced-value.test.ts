import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useCoalescedValue } from './use-coalesced-value';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Props = { value: string; waitForPause?: boolean };

function setup(initial = 'a') {
  return renderHook(({ value, waitForPause }: Props) => useCoalescedValue(value, { delayMs: 300, waitForPause }), {
    initialProps: { value: initial } as Props,
  });
}

describe('useCoalescedValue', () => {
  it('starts with the value', () => {
    const { result } = setup();
    expect(result.current).toBe('a');
  });

  it('applies a change at once (leading edge), including the first change after mounting', () => {
    const { result, rerender } = setup();
    rerender({ value: 'b' });
    expect(result.current).toBe('b');
    // Nothing else to apply: the window closes without another value.
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('b');
  });

  it('coalesces the changes that follow within 300 ms into one trailing apply of the latest', () => {
    const { result, rerender } = setup();
    const seen: string[] = [];
    rerender({ value: 'b' });
    seen.push(result.current);
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'c' });
    seen.push(result.current);
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'd' });
    seen.push(result.current);
    // The window runs 300 ms from the last change.
    act(() => vi.advanceTimersByTime(299));
    seen.push(result.current);
    act(() => vi.advanceTimersByTime(1));
    seen.push(result.current);
    expect(seen).toEqual(['b', 'b', 'b', 'b', 'd']);
  });

  it('applies at once again after a quiet spell of 300 ms', () => {
    const { result, rerender } = setup();
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(300));
    rerender({ value: 'c' });
    expect(result.current).toBe('c');
    act(() => vi.advanceTimersByTime(299));
    rerender({ value: 'd' });
    expect(result.current).toBe('c');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('d');
    act(() => vi.advanceTimersByTime(300));
    rerender({ value: 'e' });
    expect(result.current).toBe('e');
  });

  it('a burst that ends where it began applies nothing new at the trailing edge', () => {
    const { result, rerender } = setup();
    rerender({ value: 'b' });
    rerender({ value: 'a' });
    expect(result.current).toBe('b');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('a');
  });

  it('typed text waits for its pause, as a debounce does', () => {
    const { result, rerender } = setup();
    rerender({ value: 'ab', waitForPause: true });
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'abc', waitForPause: true });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });

  it('a pick that follows typing within 300 ms joins its trailing apply', () => {
    const { result, rerender } = setup();
    rerender({ value: 'typed', waitForPause: true });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'picked', waitForPause: false });
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('picked');
  });

  it('a rerender with an equal value neither applies nor opens a window', () => {
    const { result, rerender } = setup();
    rerender({ value: 'a' });
    act(() => vi.advanceTimersByTime(50));
    rerender({ value: 'b' });
    expect(result.current).toBe('b');
  });

  it('leaves no timer behind when unmounted', () => {
    const { rerender, unmount } = setup();
    rerender({ value: 'b' });
    rerender({ value: 'c' });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
