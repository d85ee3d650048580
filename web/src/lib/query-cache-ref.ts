import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache once its code has arrived (lib/query-root.tsx sets it), else null. The
 * sign-in screen loads without TanStack Query's code and reads answers already cached through it.
 */
export const queryCacheRef: { current: QueryClient | null } = { current: null };
