/** The dashboard shell: a sidebar with the role views and their sections, and a header. */
import { Avatar, Box, Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ConnectionStatus } from '../components/connection-status';
import { MenuIcon } from '../components/icons';
import { DASHBOARD_SECTIONS } from './dashboard-sections';
import { ACCOUNT_SETTINGS_PATH, mayOpen, mayOpenPath, viewsOf } from '../session/role-views';
import { initialsOf, type SessionUser } from '../session/session-store';
import { useSession } from '../session/use-session';
import { AccessNotice, PendingSidebar } from './access-notice';
import { sidebarView } from './sidebar-view';
import { NeedsAttention } from './needs-attention';
import { NotificationsButton } from './notifications-button';
import { SyncProgress } from './sync-progress';
import { SignOutButton } from './sign-out-button';
import { SlideInMenu } from './slide-in-menu';
import { InstallButton } from '../pwa/install-button';
import { UpdatePrompt } from '../pwa/update-prompt';
import { Logo } from './public-header';
import { PageLoading, useFocusMainOnNavigate } from './public-layout';
import { RouteErrorBoundary } from '../routing/route-error-boundary';

function Sidebar({ views, onNavigate }: { views: ReturnType<typeof viewsOf>; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // On a page the user may not open, show the navigation of a view they hold instead.
  const view = sidebarView(views, pathname);
  if (view === null) return <PendingSidebar onNavigate={onNavigate} />;
  return (
    <Stack gap="6" p="4">
      <Logo />
      <Box>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="2" id="role-views">
          View
        </Text>
        <Flex gap="2" wrap="wrap" role="group" aria-labelledby="role-views">
          {views.map((role) => (
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
          <Button
            key={section.id}
            asChild
            variant="ghost"
            justifyContent="flex-start"
            size="sm"
            css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
            onClick={onNavigate}
          >
            <NavLink to={section.path} end>
              {section.label}
            </NavLink>
          </Button>
        ))}
      </Stack>
      <InstallButton alignSelf="flex-start" />
    </Stack>
  );
}

/** What the main area shows: the page, or why it is not shown. */
function content(user: SessionUser, pathname: string, views: ReturnType<typeof viewsOf>) {
  const isAccountSettings = pathname.replace(/\/$/, '') === ACCOUNT_SETTINGS_PATH;
  if (views.length === 0 && !isAccountSettings) return <AccessNotice kind="pending" user={user} />;
  if (!mayOpenPath(user.roles, pathname)) return <AccessNotice kind="not-allowed" user={user} />;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function DashboardLayout() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const session = useSession();
  useFocusMainOnNavigate(pathname);
  if (session.status === 'unknown') return <PageLoading />;
  if (session.status === 'signed-out')
    return <Navigate to={`/auth?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  const { user } = session;
  const views = viewsOf(user.roles);
  // The bare /dashboard is the buyer's overview; others go to their own first view.
  if (pathname === '/dashboard' && views.length > 0 && !mayOpen(user.roles, 'user'))
    return <Navigate to={views[0]?.home ?? '/dashboard'} replace />;
  return (
    <Flex minH="100dvh">
      <Box
        as="aside"
        w="64"
        flexShrink={0}
        borderRightWidth="1px"
        bg="bg.subtle"
        hideBelow="lg"
        position="sticky"
        top="0"
        h="100dvh"
        overflowY="auto"
      >
        <Sidebar views={views} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          justify="space-between"
          gap="3"
          px={{ base: '3', md: '6' }}
          py="3"
          borderBottomWidth="1px"
          bg="bg"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <HStack gap="2">
            <IconButton
              aria-label="Open dashboard menu"
              aria-haspopup="dialog"
              aria-expanded={isMenuOpen}
              variant="ghost"
              hideFrom="lg"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
            <SlideInMenu
              title="Dashboard menu"
              isTitleHidden
              placement="start"
              isOpen={isMenuOpen}
              onOpenChange={setMenuOpen}
            >
              <Sidebar views={views} onNavigate={() => setMenuOpen(false)} />
            </SlideInMenu>
            <Heading as="p" size="sm" color="fg.muted" hideBelow="sm">
              Dashboard
            </Heading>
          </HStack>
          <HStack gap={{ base: '1.5', sm: '3' }}>
            <ConnectionStatus />
            <NeedsAttention />
            <NotificationsButton />
            <IconButton asChild variant="ghost" rounded="full" aria-label={`Account settings for ${user.name}`}>
              <NavLink to={ACCOUNT_SETTINGS_PATH}>
                <Avatar.Root size="sm" colorPalette="brand">
                  <Avatar.Fallback aria-hidden>{initialsOf(user.name)}</Avatar.Fallback>
                </Avatar.Root>
              </NavLink>
            </IconButton>
            <SignOutButton />
          </HStack>
        </Flex>
        <SyncProgress />
        <Box as="main" id="main" tabIndex={-1} outline="none" flex="1" p={{ base: '4', md: '8' }}>
          {content(user, pathname, views)}
        </Box>
      </Flex>
      <UpdatePrompt />
    </Flex>
  );
}
