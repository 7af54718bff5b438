/** Public header: desktop links, and a slide-in menu on small screens (spec section 2). */
import { Box, Button, Container, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { ConnectionStatus } from '../components/connection-status';
import { MenuIcon } from '../components/icons';
import { paths } from '../config/paths';
import { InstallButton } from '../pwa/install-button';
import { useDeviceSession } from '../session/use-session';

const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

const desktopLinks = [
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.verification, label: 'Verification' },
  { to: paths.aboutContact, label: 'About & Contact' },
] as const;

const visitorLinks = [
  { to: paths.marketplace, label: 'Marketplace' },
  ...desktopLinks,
  { to: paths.auth, label: 'Login' },
  { to: paths.signup, label: 'Sign Up' },
];
const signedInLinks = [{ to: paths.marketplace, label: 'Marketplace' }, ...desktopLinks, { to: paths.dashboard.root, label: 'Dashboard' }];

/** Visitors see Login and Sign Up (spec section 6); someone signed in on this device sees their Dashboard. */
function useSignedIn(): boolean {
  return useDeviceSession().status === 'signed-in';
}

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
  // The drawer's code loads on the first tap of the menu button, not with every page.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const signedIn = useSignedIn();
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
            {/* Below lg it is in the menu: a phone's header has no room for it. */}
            <InstallButton hideBelow="lg" />
            <ConnectionStatus />
            <Button asChild size="sm" colorPalette="brand" hideBelow="lg">
              {signedIn ? <RouterLink to={paths.dashboard.root}>Dashboard</RouterLink> : <RouterLink to={paths.auth}>Login</RouterLink>}
            </Button>
            <IconButton aria-label="Open menu" aria-haspopup="dialog" aria-expanded={isMenuOpen} variant="ghost" hideFrom="lg"
              onClick={() => {
                setHasOpenedMenu(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
            {hasOpenedMenu && (
              <Suspense fallback={null}>
                <MobileMenu links={signedIn ? signedInLinks : visitorLinks} isOpen={isMenuOpen} onOpenChange={setMenuOpen} />
              </Suspense>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
