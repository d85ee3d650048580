import { Link } from 'wouter';

import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-900/5">
        <div className="mb-4 flex items-center gap-3">
          <Icon name="alert" className="h-7 w-7 text-red-500" />
          <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link href={paths.home} className={buttonClasses({ variant: 'outline', size: 'sm' }) + ' mt-6'}>
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
