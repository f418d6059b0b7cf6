/** The Bloom Circle flower mark, drawn in the palette. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="16" fill="#9d2b5b" />
      <g fill="#fde8ef">
        <ellipse cx="32" cy="20" rx="8" ry="12" />
        <ellipse cx="32" cy="44" rx="8" ry="12" />
        <ellipse cx="20" cy="32" rx="12" ry="8" />
        <ellipse cx="44" cy="32" rx="12" ry="8" />
      </g>
      <circle cx="32" cy="32" r="6" fill="#f4a261" />
    </svg>
  );
}
