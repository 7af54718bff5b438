/** The dashboard shell: a sidebar with the role views and their sections, and a header. */
import { Avatar, Box, Button, CloseButton, Drawer, Flex, Heading, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ConnectionStatus } from '../components/connection-status';
import { BellIcon, MenuIcon } from '../components/icons';
import { DASHBOARD_SECTIONS, ROLE_VIEWS, viewOfPath } from '../features/dashboard/dashboard-sections';
import { UpdatePrompt } from '../pwa/update-prompt';
import { Logo } from './public-header';
import { PageLoading } from './public-layout';

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = viewOfPath(pathname);
  return (
    <Stack gap="6" p="4">
      <Logo />
      <Box>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="2" id="role-views">
          View
        </Text>
        <Flex gap="2" wrap="wrap" role="group" aria-labelledby="role-views">
          {ROLE_VIEWS.map((role) => (
            <Button
              key={role.id}
              size="sm"
              variant={role.id === view ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={role.id === view}
              onClick={() => {
                navigate(role.home);
                onNavigate?.();
              }}
            >
              {role.label}
            </Button>
          ))}
        </Flex>
      </Box>
      <Stack as="nav" aria-label="Dashboard" gap="0.5">
        {DASHBOARD_SECTIONS.filter((section) => section.view === view).map((section) => (
          <Button key={section.id} asChild variant="ghost" justifyContent="flex-start" size="sm" css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }} onClick={onNavigate}>
            <NavLink to={section.path} end>
              {section.label}
            </NavLink>
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

export function DashboardLayout() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Flex minH="100dvh">
      <Box as="aside" w="64" flexShrink={0} borderRightWidth="1px" bg="bg.subtle" hideBelow="lg" position="sticky" top="0" h="100dvh" overflowY="auto">
        <Sidebar />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" align="center" justify="space-between" gap="3" px={{ base: '3', md: '6' }} py="3" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
          <HStack gap="2">
            <Drawer.Root open={isMenuOpen} onOpenChange={(event) => setMenuOpen(event.open)} placement="start" size="xs">
              <Drawer.Trigger asChild>
                <IconButton aria-label="Open dashboard menu" variant="ghost" hideFrom="lg">
                  <MenuIcon />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Title srOnly>Dashboard menu</Drawer.Title>
                    <Drawer.Body p="0">
                      <Sidebar onNavigate={() => setMenuOpen(false)} />
                    </Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="md" aria-label="Close menu" />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
            <Heading as="p" size="sm" color="fg.muted">
              Dashboard
            </Heading>
          </HStack>
          <HStack gap="3">
            <ConnectionStatus />
            <IconButton aria-label="Notifications" variant="ghost" size="md">
              <BellIcon />
            </IconButton>
            <Avatar.Root size="sm" colorPalette="brand">
              <Avatar.Fallback aria-label="Not signed in">?</Avatar.Fallback>
            </Avatar.Root>
          </HStack>
        </Flex>
        <Box as="main" id="main" tabIndex={-1} outline="none" flex="1" p={{ base: '4', md: '8' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      <UpdatePrompt />
    </Flex>
  );
}
