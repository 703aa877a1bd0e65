/**
 * Bloom's design tokens, chosen once: a calm, warm palette (blush, rose, sage), generous spacing and rounded
 * cards. Every screen reads them as CSS custom properties (`--bloom-*`, generated into a stylesheet by
 * vite.config.ts) through the shared primitives in src/components. This is Bloom's one design system: Amplify
 * UI's components would not fit the landing page's 100 KB JavaScript budget, and using them only behind sign-in
 * would split the look in two.
 *
 * Contrast: every text colour below passes WCAG AA (4.5:1) on `blush-50`, `blush-100` and white.
 */
export const palette = {
  'blush-50': '#fdf6f4',
  'blush-100': '#fbeae6',
  'blush-200': '#f5d3cc',
  'rose-100': '#f8dde5',
  'rose-300': '#eba9bc',
  'rose-500': '#c9587a',
  'rose-600': '#a93a5c',
  'rose-700': '#8a2c4a',
  'sage-50': '#f2f6f1',
  'sage-100': '#e3ece2',
  'sage-300': '#b7ccb6',
  'sage-600': '#54735a',
  'sage-700': '#3f5a45',
  'ink-900': '#2f2430',
  'ink-700': '#4f414d',
  'ink-600': '#665563',
  'ink-200': '#e6dbe0',
  white: '#ffffff',
  'focus-ring': '#7a2d8f',
  'danger-600': '#b3261e',
  'danger-50': '#fdecea',
} as const;

export const fonts = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  heading: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif",
} as const;

export const radii = { small: '8px', medium: '16px', large: '24px', pill: '999px' } as const;

export const space = {
  xxs: '4px',
  xs: '8px',
  small: '12px',
  medium: '16px',
  large: '24px',
  xl: '32px',
  xxl: '48px',
  xxxl: '72px',
} as const;

export const shadows = {
  card: '0 1px 2px rgba(47, 36, 48, 0.06), 0 8px 24px rgba(169, 58, 92, 0.08)',
  raised: '0 12px 40px rgba(47, 36, 48, 0.18)',
} as const;

/** Below this width the layout switches to mobile (docs/rules.md#screens). */
export const MOBILE_BREAKPOINT_PX = 768;

/** The tokens as CSS custom properties: `--bloom-color-rose-600`, `--bloom-space-large`, ... */
export function themeCssVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(palette)) variables[`--bloom-color-${name}`] = value;
  for (const [name, value] of Object.entries(fonts)) variables[`--bloom-font-${name}`] = value;
  for (const [name, value] of Object.entries(radii)) variables[`--bloom-radius-${name}`] = value;
  for (const [name, value] of Object.entries(space)) variables[`--bloom-space-${name}`] = value;
  for (const [name, value] of Object.entries(shadows)) variables[`--bloom-shadow-${name}`] = value;
  return variables;
}
