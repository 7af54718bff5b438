/**
 * A menu that slides in from the side of a small screen (the dashboard's menu, its
 * notifications and the changes that need attention). Its drawer is loaded when needed
 * (components/loaded-when-open.ts), not with the dashboard.
 */
import { createElement } from 'react';
import { NOT_LOADED, onDemand, useLoadedWhenOpen } from '../components/loaded-when-open';
import { showToast } from '../components/toast';
import type { SlideInDrawerProps } from './slide-in-drawer';

export type SlideInMenuProps = SlideInDrawerProps;

const drawer = onDemand(() => import('./slide-in-drawer').then((module) => module.SlideInDrawer));

export function SlideInMenu(props: SlideInMenuProps) {
  const Drawer = useLoadedWhenOpen(drawer, props.isOpen, () => {
    props.onOpenChange(false);
    showToast({ type: 'error', title: 'The menu could not be opened', description: NOT_LOADED, closable: true });
  });
  // Drawn through createElement: the component is the loaded module's, the same every render.
  return Drawer ? createElement(Drawer, props) : null;
}
