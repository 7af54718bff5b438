/** The drawing of the icons that plain elements show too (icons.tsx makes Chakra icons of the same). */
export const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const MENU_PATH = 'M4 6h16M4 12h16M4 18h16';
export const CLOUD_PATH = 'M17.5 19H6a5 5 0 1 1 1.1-9.9A7 7 0 0 1 20.5 12 3.5 3.5 0 0 1 17.5 19Z';
export const CLOUD_OFF_PATH = 'm2 2 20 20M5.8 5.8A7 7 0 0 0 6 19h11m3.7-1.4A4.5 4.5 0 0 0 17.5 10h-1.3A7 7 0 0 0 9.2 4.6';
