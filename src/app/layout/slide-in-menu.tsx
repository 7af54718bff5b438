/**
 * A menu that slides in from the side of a small screen (the dashboard's menu, its
 * notifications and the changes that need attention). Its drawer is loaded when needed
 * (components/opened-on-demand.ts), not with the dashboard.
 */
import { openedOnDemand } from '../components/opened-on-demand';
import type { SlideInDrawerProps } from './slide-in-drawer';

export type SlideInMenuProps = SlideInDrawerProps;

export const SlideInMenu = openedOnDemand<SlideInMenuProps>(
  () => import('./slide-in-drawer').then((module) => module.SlideInDrawer),
  {
    isOpen: (props) => props.isOpen,
    close: (props) => props.onOpenChange(false),
    failure: 'The menu could not be opened',
  },
);
