import { createHash } from 'node:crypto';

/** Warm, calm backgrounds in Bloom's palette; each user gets one, picked from their id. */
const BACKGROUNDS = ['#C97B5A', '#7E9C7A', '#B98FB2', '#D9A441', '#6E8FA8', '#A8765E'];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

export function colourFor(seed: string): string {
  const index = createHash('sha256').update(seed).digest()[0] ?? 0;
  return BACKGROUNDS[index % BACKGROUNDS.length] ?? '#C97B5A';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The profile picture Google would have: here, the initials on a coloured disc. */
export function avatarSvg(name: string, seed: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}"><circle cx="48" cy="48" r="48" fill="${colourFor(seed)}"/><text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="38" font-weight="600" fill="#fff">${escapeXml(initialsOf(name))}</text></svg>`;
}
