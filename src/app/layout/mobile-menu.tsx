/** The slide-in menu of the public header on small screens (spec: the desktop links plus Marketplace and Sign Up). */
import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { InstallButton } from '../pwa/install-button';
import { SlideInDrawer } from './slide-in-drawer';

export interface MenuLink {
  readonly to: string;
  readonly label: string;
}

export function MobileMenu({
  links,
  isOpen,
  onOpenChange,
}: {
  links: readonly MenuLink[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <SlideInDrawer title="Menu" placement="end" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Stack as="nav" aria-label="Mobile" gap="1">
        {links.map((link) => (
          <Button
            key={link.to}
            asChild
            variant="ghost"
            justifyContent="flex-start"
            size="lg"
            onClick={() => onOpenChange(false)}
          >
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Button>
        ))}
        <InstallButton size="lg" mt="4" />
      </Stack>
    </SlideInDrawer>
  );
}
