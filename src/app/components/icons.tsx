/** The few icons the app uses, as inline SVG (stroke icons on a 24 px grid). */
import { createIcon } from '@chakra-ui/react';
import {
  CHECK_DRAWING,
  CHEVRON_DOWN_DRAWING,
  CLOCK_DRAWING,
  CLOUD_DRAWING,
  CLOUD_OFF_DRAWING,
  MENU_DRAWING,
  QR_DRAWING,
  SEARCH_DRAWING,
  SHIELD_DRAWING,
  stroke,
  WARNING_DRAWING,
} from './icon-drawings';

// Icons take the size of the text around them unless told otherwise.
const defaultProps = { boxSize: '1em' } as const;

/** A stroke icon drawn on a 24 px grid, sized like the text around it: the one way the app makes icons. */
export function strokeIcon(displayName: string, path: React.ReactElement) {
  return createIcon({ displayName, defaultProps, path });
}

export { stroke };

export const MenuIcon = strokeIcon('MenuIcon', MENU_DRAWING);
export const CheckIcon = strokeIcon('CheckIcon', CHECK_DRAWING);
export const ChevronDownIcon = strokeIcon('ChevronDownIcon', CHEVRON_DOWN_DRAWING);
export const ShieldIcon = strokeIcon('ShieldIcon', SHIELD_DRAWING);
export const ClockIcon = strokeIcon('ClockIcon', CLOCK_DRAWING);
export const AwardIcon = strokeIcon(
  'AwardIcon',
  <g {...stroke}>
    <circle cx="12" cy="8" r="6" />
    <path d="M15.5 13 17 22l-5-3-5 3 1.5-9" />
  </g>,
);
export const SearchIcon = strokeIcon('SearchIcon', SEARCH_DRAWING);
export const QrIcon = strokeIcon('QrIcon', QR_DRAWING);
export const CloudOffIcon = strokeIcon('CloudOffIcon', CLOUD_OFF_DRAWING);
export const CloudIcon = strokeIcon('CloudIcon', CLOUD_DRAWING);
export const MailIcon = strokeIcon(
  'MailIcon',
  <g {...stroke}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </g>,
);
export const PhoneIcon = strokeIcon(
  'PhoneIcon',
  <path
    {...stroke}
    d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z"
  />,
);
export const MapPinIcon = strokeIcon(
  'MapPinIcon',
  <g {...stroke}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </g>,
);
export const CartIcon = strokeIcon(
  'CartIcon',
  <g {...stroke}>
    <circle cx="8" cy="21" r="1" />
    <circle cx="19" cy="21" r="1" />
    <path d="M2 2h3l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
  </g>,
);
export const UsersIcon = strokeIcon(
  'UsersIcon',
  <g {...stroke}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </g>,
);
export const TruckIcon = strokeIcon(
  'TruckIcon',
  <g {...stroke}>
    <path d="M1 3h15v13H1zM16 8h4l3 3v5h-7z" />
    <circle cx="5.5" cy="18.5" r="2.5" />
    <circle cx="18.5" cy="18.5" r="2.5" />
  </g>,
);
export const WarningIcon = strokeIcon('WarningIcon', WARNING_DRAWING);
export const EyeIcon = strokeIcon(
  'EyeIcon',
  <g {...stroke}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </g>,
);
export const EyeOffIcon = strokeIcon(
  'EyeOffIcon',
  <path
    {...stroke}
    d="m2 2 20 20M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.4 3.3M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
  />,
);
export const PencilIcon = strokeIcon(
  'PencilIcon',
  <path {...stroke} d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />,
);
export const TrashIcon = strokeIcon(
  'TrashIcon',
  <path {...stroke} d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />,
);
export const PlusIcon = strokeIcon('PlusIcon', <path {...stroke} d="M12 5v14M5 12h14" />);
export const BellIcon = strokeIcon(
  'BellIcon',
  <path {...stroke} d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />,
);
