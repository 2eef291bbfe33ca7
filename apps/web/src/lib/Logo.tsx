/** The park's mark: a factory inside a shield. Inline, so nothing is fetched from elsewhere. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="park-logo-shield" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#60a5fa" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
      </defs>
      <path
        d="M16 2 4 6.8v8.4c0 7.3 5.1 13.2 12 14.8 6.9-1.6 12-7.5 12-14.8V6.8z"
        fill="url(#park-logo-shield)"
      />
      <path d="M9 22.5v-8l4.2 3v-3l4.2 3V10.5h2.2v-2h2.2v2H23v12z" fill="#fff" fillOpacity="0.95" />
      <path d="M11 20h2v1.6h-2zm4 0h2v1.6h-2zm4 0h2v1.6h-2z" fill="#1d4ed8" />
    </svg>
  );
}
