/** The line under the vendor's claim, join and sign-in cards. */
export const VENDOR_TAGLINE = 'For vendors who keep their company’s listing on Litstack.';
