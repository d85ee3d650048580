/** What the sign-in page says when the provider's sign-in came back refused (`?sso=<code>`). */
export function ssoProblem(code: string | null): string | null {
  if (!code) return null;
  const texts: Record<string, string> = {
    cancelled: 'The sign-in at your firm’s identity provider was cancelled.',
    expired: 'That sign-in took too long or was already used. Please try again.',
    unverified:
      'Your identity provider has not verified your email address, so it cannot be linked to your Litstack account. Ask your firm’s IT.',
    'other-firm': 'Your account belongs to another firm than the one your identity provider signs in to.',
    domain: 'Your identity provider signed you in with an email address your firm has not claimed here.',
    disabled: 'Your firm’s account is disabled. Contact the Litstack operator.',
    gone: 'Your account was removed while you were signing in.',
    provider: 'Your firm’s identity provider did not answer. Try again, or sign in with your password.',
    address:
      'Single sign-on needs this Litstack’s public address (--public-url), which its operator has not set. Sign in with your password.',
  };
  return texts[code] ?? 'Signing in with your firm’s identity provider did not work. Please try again.';
}
