/** Icons only this page needs, drawn like the shared set (stroke icons on a 24 px grid). */
import { stroke, strokeIcon } from '../../components/icons';

export const WrenchIcon = strokeIcon(
  'WrenchIcon',
  <path
    {...stroke}
    d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9Z"
  />,
);

export const CarIcon = strokeIcon(
  'CarIcon',
  <g {...stroke}>
    <path d="M5 17H3v-5l2-5h14l2 5v5h-2" />
    <path d="M3 12h18M9 17h6" />
    <circle cx="7" cy="17" r="2" />
    <circle cx="17" cy="17" r="2" />
  </g>,
);

export const BadgeCheckIcon = strokeIcon(
  'BadgeCheckIcon',
  <g {...stroke}>
    <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5Z" />
    <path d="m9 12 2 2 4-4" />
  </g>,
);
