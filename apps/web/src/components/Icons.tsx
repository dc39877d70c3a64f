// Inline SVG icons: no icon font to download and no emoji that some systems cannot draw.
type P = { className?: string };
const base = (className = 'h-5 w-5') => ({
  className,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
});

export const BookIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
  </svg>
);
export const MoonIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);
export const SunIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
export const MenuIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const UploadIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
  </svg>
);
export const GridIcon = ({ className }: P) => (
  <svg aria-hidden="true" {...base(className)}>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <rect x="14" y="14" width="7" height="7" />
  </svg>
);
export const ListIcon = MenuIcon;
