/** Bloom's mark: a four-petal flower in the brand's rose and sage. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill="var(--bloom-color-blush-100)" />
      <g fill="var(--bloom-color-rose-500)">
        <ellipse cx="32" cy="20" rx="8" ry="12" />
        <ellipse cx="32" cy="44" rx="8" ry="12" />
        <ellipse cx="20" cy="32" rx="12" ry="8" />
        <ellipse cx="44" cy="32" rx="12" ry="8" />
      </g>
      <circle cx="32" cy="32" r="6" fill="var(--bloom-color-sage-600)" />
    </svg>
  );
}
