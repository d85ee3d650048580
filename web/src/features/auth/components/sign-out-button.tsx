import { useLocation } from 'wouter';

import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';

import { useSignOut } from '../api/sign-out';

export function SignOutButton() {
  const [, navigate] = useLocation();
  const signOut = useSignOut({
    onSuccess: () => navigate(paths.auth.signIn),
    onError: () => toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:opacity-60"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      <Icon name="signOut" className="h-4.5 w-4.5" />
      Sign out
    </button>
  );
}
