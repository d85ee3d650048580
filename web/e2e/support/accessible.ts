import { expect } from 'vitest';

import { axeViolations, describeViolations } from './axe';
import { widths, type TestBrowser } from './browser';

/**
 * No axe violation at 1280 px and at a phone's 390 px, and nothing scrolls sideways on the phone;
 * the browser is left at 1280 px.
 */
export async function expectAccessible(browser: TestBrowser, what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    const { scrollWidth, innerWidth } = await browser.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${what} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
  }
  await browser.setWidth(1280);
}
