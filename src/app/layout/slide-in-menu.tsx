/** A menu that slides in from the side of a small screen (public header and dashboard). */
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SlideInMenuProps {
  title: string;
  /** Keep the title for screen readers only. */
  isTitleHidden?: boolean;
  placement: 'start' | 'end';
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

export function SlideInMenu({ title, isTitleHidden = false, placement, isOpen, onOpenChange, children }: SlideInMenuProps) {
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
