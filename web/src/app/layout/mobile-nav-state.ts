import { signal } from '@preact/signals-react';

/** Whether the navigation drawer is open on phone widths. */
export const mobileNavOpen = signal(false);
