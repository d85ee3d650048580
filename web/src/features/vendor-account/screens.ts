// The vendor's four screens, loaded as one chunk: one entry in the public router's map of
// chunks instead of four keeps the firm's sign-in screen within its JavaScript budget.
export { ClaimPage } from './components/claim-page';
export { JoinPage } from './components/join-page';
export { SignInPage } from './components/sign-in-page';
export { VendorHomePage } from './components/vendor-home-page';
