/**
 * The drawer a slide-in menu is drawn in (Chakra's Drawer). Loaded when a menu first opens,
 * or once the page is idle (slide-in-menu.tsx); the public header's menu, itself loaded on
 * demand, uses it directly.
 */
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SlideInDrawerProps {
  title: string;
  /** Keep the title for screen readers only. */
  isTitleHidden?: boolean;
  placement: 'start' | 'end';
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

export function SlideInDrawer({
  title,
  isTitleHidden = false,
  placement,
  isOpen,
  onOpenChange,
  children,
}: SlideInDrawerProps) {
  return (
    <Drawer.Root open={isOpen} onOpenChange={(event) => onOpenChange(event.open)} placement={placement} size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            {isTitleHidden ? (
              <Drawer.Title srOnly>{title}</Drawer.Title>
            ) : (
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
            )}
            <Drawer.Body p={isTitleHidden ? '0' : undefined}>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
