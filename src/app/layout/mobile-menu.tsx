/** The slide-in menu of the public header on small screens (spec: the desktop links plus Marketplace and Sign Up). */
import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface MenuLink {
  readonly to: string;
  readonly label: string;
}

export function MobileMenu({ links, isOpen, onOpenChange }: { links: readonly MenuLink[]; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={isOpen} onOpenChange={(event) => onOpenChange(event.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="1">
                {links.map((link) => (
                  <Button key={link.to} asChild variant="ghost" justifyContent="flex-start" size="lg" onClick={() => onOpenChange(false)}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Button>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
