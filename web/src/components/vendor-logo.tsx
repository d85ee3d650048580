import { useState } from 'react';

import { useClientConfig } from '@/lib/client-config';
import { cn } from '@/lib/cn';

export type LogoSource = {
  kind: 'vendor' | 'google' | 'duckduckgo' | 'iconhorse' | 'avatar';
  src: string;
};

/** The host of an http(s) address, without `www.`; null for anything else. */
export function websiteHost(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim()).hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

const avatarColors = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#dc2626', '#7c3aed', '#db2777', '#475569'];

/** The first letter or digit of a name, upper-cased; "?" when it has none. */
export function initialOf(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name);
  return match ? match[0].toLocaleUpperCase() : '?';
}

/** A letter avatar drawn as an inline SVG `data:` URL: no network, colour stable per name. */
export function letterAvatar(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const color = avatarColors[hash % avatarColors.length];
  const letter = initialOf(name).replace(/[<>&'"]/g, '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="12" fill="${color}"/>` +
    `<text x="32" y="33" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="600" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The logo chain, in order: the vendor's own logo, three public icon services keyed by the
 * website's host, then a generated letter avatar. The services are ones that answer without an
 * account in 2026 (checked against their public documentation on 2026-11-22; Clearbit's free logo
 * endpoint closed on 2025-12-01): Google's s2 favicons, DuckDuckGo's ip3 icons, and Icon Horse,
 * which always answers with an icon (its own generated one for a site without), so it comes last. With `thirdParty` false nothing leaves our
 * origin: the vendor logo is kept only when it is on our own server (or a `data:` image), and the
 * icon services are skipped. The plain first-letter tile after the last source is not an image.
 */
const GOOGLE_SIZE = 128;

/**
 * Google's service answers a site without an icon with its 16 px globe rather than an error, so
 * an icon that small from it counts as a miss and the chain moves on.
 */
export function isPlaceholder(kind: LogoSource['kind'], naturalWidth: number): boolean {
  return kind === 'google' && naturalWidth > 0 && naturalWidth <= 16;
}

export function logoSources(
  vendor: { name: string; logoUrl?: string | null; websiteUrl?: string | null },
  { thirdParty }: { thirdParty: boolean },
): LogoSource[] {
  const sources: LogoSource[] = [];
  const logo = vendor.logoUrl?.trim();
  if (logo) {
    const remote = /^https?:\/\//i.test(logo);
    const local = logo.startsWith('/') && !logo.startsWith('//');
    const inline = /^data:image\//i.test(logo);
    if ((remote && thirdParty) || local || inline) sources.push({ kind: 'vendor', src: logo });
  }
  const host = websiteHost(vendor.websiteUrl);
  if (host && thirdParty) {
    const h = encodeURIComponent(host);
    sources.push(
      { kind: 'google', src: `https://www.google.com/s2/favicons?domain=${h}&sz=${GOOGLE_SIZE}` },
      { kind: 'duckduckgo', src: `https://icons.duckduckgo.com/ip3/${h}.ico` },
      { kind: 'iconhorse', src: `https://icon.horse/icon/${h}` },
    );
  }
  sources.push({ kind: 'avatar', src: letterAvatar(vendor.name) });
  return sources;
}

type VendorLogoProps = {
  name: string;
  logoUrl?: string | null;
  websiteUrl?: string | null;
  /** Tailwind size classes; default 48 px. */
  className?: string;
};

/**
 * A vendor's logo through the fallback chain of {@link logoSources}: a broken image moves on to
 * the next source, and after the last one a first-letter tile shows. Honours the server's
 * third-party logo setting. Announced as "{name} logo".
 */
export function VendorLogo({ name, logoUrl, websiteUrl, className = 'h-12 w-12' }: VendorLogoProps) {
  const { thirdPartyLogos } = useClientConfig();
  const sources = logoSources({ name, logoUrl, websiteUrl }, { thirdParty: thirdPartyLogos });
  const chain = sources.map((s) => s.src).join('\n');
  // Failures are remembered per chain, so a changed vendor or setting starts again at the top.
  const [failed, setFailed] = useState<{ chain: string; count: number }>({ chain, count: 0 });
  const index = failed.chain === chain ? failed.count : 0;
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const source = sources[index];
  const label = `${name} logo`;

  const tileClasses = 'flex shrink-0 items-center justify-center rounded-xl bg-slate-200 text-lg font-semibold text-slate-600';
  if (!source) {
    return (
      <div role="img" aria-label={label} data-logo-source="tile" className={cn(tileClasses, className)}>
        {initialOf(name)}
      </div>
    );
  }
  // The letter shows underneath while an image loads, so a slow or failing source is never blank.
  return (
    <div className={cn(tileClasses, 'relative overflow-hidden', className)}>
      <span aria-hidden="true">{initialOf(name)}</span>
      <img
        key={source.src}
        src={source.src}
        alt={label}
        data-logo-source={source.kind}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onLoad={(event) => {
          if (isPlaceholder(source.kind, event.currentTarget.naturalWidth)) setFailed({ chain, count: index + 1 });
          else setLoadedSrc(source.src);
        }}
        onError={() => setFailed({ chain, count: index + 1 })}
        className={cn(
          // text-transparent: a broken image's alt text never flashes over the letter beneath.
          'absolute inset-0 h-full w-full rounded-xl object-contain text-transparent',
          loadedSrc === source.src && source.kind !== 'avatar' && 'bg-white p-1 ring-1 ring-slate-200 ring-inset',
        )}
      />
    </div>
  );
}
