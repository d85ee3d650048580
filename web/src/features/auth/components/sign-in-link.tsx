import { Link } from 'wouter';

import { paths } from '@/config/paths';

/** "Already have an account? Sign in", under the join form. */
export function SignInLink() {
  return (
    <>
      Already have an account?{' '}
      <Link href={paths.auth.signIn} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
        Sign in
      </Link>
    </>
  );
}
