import type { ReactNode } from 'react';

import { BrandMark } from '@/components/ui/brand-mark';

type AuthLayoutProps = {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** The links under the form; none when there is nowhere else to go (an install's first sign-up). */
  footer?: ReactNode;
  /** The line under the card: whom these screens are for. */
  tagline?: string;
};

/**
 * The centred card of the screens before sign-in: the firm's sign-in, sign-up and links, and the
 * vendor's claim, join and sign-in.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  tagline = 'Legal-technology vendor discovery for personal-injury firms.',
}: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-100 px-4 py-10 sm:justify-center sm:py-12">
      <header className="mb-8">
        <BrandMark />
      </header>
      <main className="w-full max-w-md rounded-2xl bg-white px-6 py-8 shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:px-8">
        <div className="mb-6 space-y-1.5 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
        {children}
        {footer ? <div className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div> : null}
      </main>
      <footer className="mt-8 max-w-md text-center text-xs text-slate-500">{tagline}</footer>
    </div>
  );
}
