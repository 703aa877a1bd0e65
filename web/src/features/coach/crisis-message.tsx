import { INTERNATIONAL_DIRECTORY_TEXT, telHref } from '@bloom/shared/coach/crisis-links';
import type { CrisisSupport } from '@bloom/shared/coach/crisis-support';
import type { ReactNode } from 'react';

/**
 * Bloom's crisis reply as the server wrote it, with the numbers it names (the emergency number and each line)
 * as `tel:` links and the international directory as a link, so a tap calls.
 */
export function CrisisMessage({ text, crisis }: { text: string; crisis: CrisisSupport }) {
  const links = new Map<string, string>();
  for (const line of crisis.lines) links.set(line.phone, telHref(line.phone));
  if (crisis.emergencyNumber) links.set(crisis.emergencyNumber, telHref(crisis.emergencyNumber));
  links.set(INTERNATIONAL_DIRECTORY_TEXT, crisis.directoryUrl);
  // Longest first, so "0800 111 0 111" is one link and not a "111" inside it; whole numbers only. (No
  // lookbehind: older Safari cannot compile one, so the character before is matched and kept as text.)
  const names = [...links.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(^|[^\\w.])(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?!\\w)`,
    'g',
  );
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = (match.index ?? 0) + (match[1] ?? '').length;
    const found = match[2] as string;
    if (index > last) parts.push(text.slice(last, index));
    const href = links.get(found) as string;
    parts.push(
      href.startsWith('tel:') ? (
        <a key={index} href={href}>
          {found}
        </a>
      ) : (
        <a key={index} href={href} target="_blank" rel="noopener noreferrer">
          {found}
        </a>
      ),
    );
    last = index + found.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
