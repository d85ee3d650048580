import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SideScroller } from './side-scroller';

afterEach(() => vi.restoreAllMocks());

/** jsdom lays nothing out: the box is given a width and its content another. */
function sized(content: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}

describe('SideScroller', () => {
  it('says there is more to the right while there is, and not once scrolled to the end', () => {
    sized(900, 390);
    render(
      <SideScroller label="Wide table">
        <table />
      </SideScroller>,
    );
    expect(screen.getByText('Scroll sideways for more →')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Wide table' });
    expect(region.tabIndex).toBe(0);
    region.scrollLeft = 510;
    fireEvent.scroll(region);
    expect(screen.queryByText('Scroll sideways for more →')).toBeNull();
  });

  it('says nothing when the table fits', () => {
    sized(390, 390);
    render(
      <SideScroller label="Narrow table">
        <table />
      </SideScroller>,
    );
    expect(screen.queryByText('Scroll sideways for more →')).toBeNull();
  });
});
