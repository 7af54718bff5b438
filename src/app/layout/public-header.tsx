/** Public header: desktop links, and a slide-in menu on small screens (spec section 2). */
import { Box, Button, CloseButton, Container, Drawer, Flex, HStack, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { ConnectionStatus } from '../components/connection-status';
import { MenuIcon } from '../components/icons';
import { paths } from '../config/paths';

const desktopLinks = [
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.verification, label: 'Verification' },
  { to: paths.aboutContact, label: 'About & Contact' },
] as const;

const mobileLinks = [
  { to: paths.marketplace, label: 'Marketplace' },
  ...desktopLinks,
  { to: paths.auth, label: 'Login' },
  { to: paths.signup, label: 'Sign Up' },
] as const;

export function Logo() {
  return (
    <Link asChild fontWeight="bold" fontSize="xl" color="fg" _hover={{ textDecoration: 'none' }} aria-label="Nambala home">
      <RouterLink to={paths.home}>
        <HStack gap="2">
          <Box as="span" aria-hidden bg="brand.600" color="white" rounded="md" px="1.5" fontSize="sm" letterSpacing="wider" lineHeight="tall">
            ZM
          </Box>
          <Text as="span">Nambala</Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}

export function PublicHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(6px)" borderBottomWidth="1px">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label="Main" gap="1" hideBelow="lg">
            {desktopLinks.map((link) => (
              <Button key={link.to} asChild variant="ghost" size="sm" color="fg.muted" css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </Button>
            ))}
          </HStack>
          <HStack gap="3">
            <ConnectionStatus />
            <Button asChild size="sm" colorPalette="brand" hideBelow="lg">
              <RouterLink to={paths.auth}>Login</RouterLink>
            </Button>
            <Drawer.Root open={isMenuOpen} onOpenChange={(event) => setMenuOpen(event.open)} placement="end" size="xs">
              <Drawer.Trigger asChild>
                <IconButton aria-label="Open menu" variant="ghost" hideFrom="lg">
                  <MenuIcon />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Header>
                      <Drawer.Title>Menu</Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body>
                      <Stack as="nav" aria-label="Mobile" gap="1">
                        {mobileLinks.map((link) => (
                          <Button key={link.to} asChild variant="ghost" justifyContent="flex-start" size="lg" onClick={() => setMenuOpen(false)}>
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
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
