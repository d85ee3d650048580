import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';

/** What an admin screen shows anyone who is not an administrator: the screen's title and why not. */
export function AdminAccessRequired({ title, children }: { title: string; children: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-900/5">
        <span className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-amber-50 text-amber-700">
          <Icon name="lock" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">Admin access required</h2>
        <p className="mt-2 text-sm text-slate-600">{children}</p>
      </div>
    </>
  );
}
