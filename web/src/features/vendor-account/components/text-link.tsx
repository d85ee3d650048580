import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A link inside the app, drawn as the auth screens' links are. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
      {children}
    </Link>
  );
}
