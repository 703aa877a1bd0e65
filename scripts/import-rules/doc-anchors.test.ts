import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULES = 'docs/rules.md';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'test-results', '.git']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|html|json|yml|yaml)$/;
/** A link to a section of the rules, however the path to the page is written. */
const RULE_LINK = /rules\.md#([A-Za-z0-9_-]+)/g;
/** A link from the rules page to one of its own sections. */
const OWN_LINK = /\]\(#([A-Za-z0-9_-]+)\)/g;

function textFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...textFiles(path));
    } else if (TEXT.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * Code and documents link to a section of the rules by the page's path, a `#` and the section's anchor (the page's
 * intro says so): every such link, and every link inside the page to its own sections, must name a heading it has.
 */
describe('links to docs/rules.md', () => {
  const rules = readFileSync(join(ROOT, RULES), 'utf8');
  const anchors = headingAnchors(rules);

  it('name sections that exist', () => {
    const links: { file: string; anchor: string }[] = [];
    for (const file of textFiles('.')) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(RULE_LINK)) links.push({ file, anchor: match[1] as string });
    }
    for (const match of rules.matchAll(OWN_LINK)) links.push({ file: RULES, anchor: match[1] as string });

    expect(links.length).toBeGreaterThan(100);
    const broken = links.filter((link) => !anchors.has(link.anchor));
    expect(broken.map((link) => `${relative('.', link.file)}: #${link.anchor}`)).toEqual([]);
  });

  it('are listed in the page index, one entry per section', () => {
    const index = /^Sections: ([\s\S]*?)\n\n/m.exec(rules)?.[1] ?? '';
    const listed = [...index.matchAll(OWN_LINK)].map((match) => match[1]);
    const sections = [...rules.matchAll(/^## (.*)$/gm)].map((match) => [...headingAnchors(match[0])][0]);
    expect(listed).toEqual(sections);
  });

  it('make anchors as GitHub does', () => {
    expect([
      ...headingAnchors('## Weeks and days\n## Errors, and `messages`!\n## Streak\n## Streak'),
    ]).toEqual(['weeks-and-days', 'errors-and-messages', 'streak', 'streak-1']);
  });
});
