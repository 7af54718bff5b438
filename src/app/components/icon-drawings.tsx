/**
 * The drawing of the icons that parts styled at build time show as plain elements
 * (plain-icon.tsx); icons.tsx makes Chakra icons of the same drawings.
 */
export const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const MENU_DRAWING = <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />;
export const CHECK_DRAWING = <path {...stroke} d="M20 6 9 17l-5-5" />;
export const SHIELD_DRAWING = <path {...stroke} d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />;
export const WARNING_DRAWING = (
  <path
    {...stroke}
    d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0ZM12 9v4M12 17h.01"
  />
);
export const CLOCK_DRAWING = (
  <g {...stroke}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </g>
);
export const CLOUD_DRAWING = (
  <path {...stroke} d="M17.5 19H6a5 5 0 1 1 1.1-9.9A7 7 0 0 1 20.5 12 3.5 3.5 0 0 1 17.5 19Z" />
);
export const CLOUD_OFF_DRAWING = (
  <path {...stroke} d="m2 2 20 20M5.8 5.8A7 7 0 0 0 6 19h11m3.7-1.4A4.5 4.5 0 0 0 17.5 10h-1.3A7 7 0 0 0 9.2 4.6" />
);
export const CHEVRON_DOWN_DRAWING = <path {...stroke} d="m6 9 6 6 6-6" />;
export const SEARCH_DRAWING = (
  <g {...stroke}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </g>
);
export const QR_DRAWING = (
  <g {...stroke}>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </g>
);
