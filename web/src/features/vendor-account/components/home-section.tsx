import type { ReactNode } from 'react';

type HomeSectionProps = {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

/** One titled part of the vendor's home, labelled by its heading for screen readers. */
export function HomeSection({ id, title, description, children }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6 rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
