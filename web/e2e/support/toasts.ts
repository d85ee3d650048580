import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Closes every toast on screen, so a screenshot or a width check sees the page under them. A toast
 * may leave by itself between finding it and clicking it, so each click is brief and may miss;
 * what counts is that none is left at the end.
 */
export async function closeToasts(page: Page) {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' });
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }
  await expect.poll(() => close.count(), { timeout: 15_000 }).toBe(0);
}
