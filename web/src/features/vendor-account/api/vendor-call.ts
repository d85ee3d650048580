import { ApiError, getErrorMessage, unwrap } from '@/lib/api-client';

/** Every query of the vendor's screens is under this key: sign-in and sign-out reset them all. */
export const vendorAccountKey = ['vendor-account'] as const;

/**
 * A vendor route's 401: not signed in to a vendor account, or a wrong password or code. It is not
 * an ApiError, because the query cache reads every ApiError 401 as the end of a firm's session
 * (lib/query-client.ts) and a vendor's answer says nothing about that.
 */
export class VendorUnauthorized extends Error {
  readonly status = 401;

  constructor(message: string) {
    super(message);
    this.name = 'VendorUnauthorized';
  }
}

/** `unwrap` for a vendor route: its data, or a thrown error (a 401 as {@link VendorUnauthorized}). */
export async function vendorCall<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  try {
    return await unwrap(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new VendorUnauthorized(error.serverMessage ?? error.message);
    throw error;
  }
}

/** What to show for a failed vendor call: the server's `error` text, else the screen's fallback. */
export function vendorErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof VendorUnauthorized) return error.message;
  return getErrorMessage(error, fallback);
}
