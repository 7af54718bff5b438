/**
 * The export button of the System Dashboard and of Reports & Analytics. Its menu (and the
 * menu machinery behind it) is loaded when first opened or once the page is idle
 * (components/loaded-when-open.ts), not with the page; until then the same button is drawn.
 */
import { Button } from '@chakra-ui/react';
import { createElement, useState } from 'react';
import { NOT_LOADED, onDemand, useLoadedWhenOpen } from '../components/loaded-when-open';
import { showToast } from '../components/toast';
import type { ExportMenuProps } from './export-menu-list';

const list = onDemand(() => import('./export-menu-list').then((module) => module.ExportMenuList));

export function ExportMenu(props: ExportMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const List = useLoadedWhenOpen(list, isOpen, () => {
    setOpen(false);
    showToast({ type: 'error', title: 'The export menu could not be opened', description: NOT_LOADED, closable: true });
  });
  // Drawn through createElement: the component is the loaded module's, the same every render.
  if (List) return createElement(List, { ...props, isOpen, onOpenChange: setOpen });
  return (
    <Button
      colorPalette="brand"
      disabled={!props.document}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setOpen(true)}
    >
      {props.label}
    </Button>
  );
}
