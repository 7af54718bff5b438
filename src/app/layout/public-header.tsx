/**
 * Public header: desktop links, and a slide-in menu on small screens (spec section 2).
 * Styled at build time (public-header.styles.tsx, decision 039): every public page shows it.
 */
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { ConnectionStatus } from '../components/connection-status';
import { MENU_DRAWING } from '../components/icon-drawings';
import { PlainIcon } from '../components/plain-icon';
import { paths } from '../config/paths';
import { PlainInstallButton } from '../pwa/install-button';
import { useDeviceSession } from '../session/use-session';
import { staticClasses } from '../theme/static-styles';
import type { headerStyles, logoStyles } from './public-header.styles';

const cls = staticClasses<typeof headerStyles>('header');
const logoCls = staticClasses<typeof logoStyles>('logo');

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
const signedInLinks = [
  { to: paths.marketplace, label: 'Marketplace' },
  ...desktopLinks,
  { to: paths.dashboard.root, label: 'Dashboard' },
];

/** Visitors see Login and Sign Up (spec section 6); someone signed in on this device sees their Dashboard. */
function useSignedIn(): boolean {
  return useDeviceSession().status === 'signed-in';
}

export function Logo() {
  return (
    <RouterLink to={paths.home} className={logoCls('link')} aria-label="Nambala home">
      <div className={logoCls('row')}>
        <span aria-hidden className={logoCls('mark')}>
          ZM
        </span>
        <span>Nambala</span>
      </div>
    </RouterLink>
  );
}

export function PublicHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  // The drawer's code loads on the first tap of the menu button, not with every page.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const signedIn = useSignedIn();
  return (
    <header className={cls('root')}>
      <div className={cls('container')}>
        <div className={cls('bar')}>
          <Logo />
          <nav aria-label="Main" className={cls('nav')}>
            {desktopLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={cls('navLink')}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className={cls('actions')}>
            {/* Below lg it is in the menu: a phone's header has no room for it. */}
            <PlainInstallButton className={cls('install')} />
            <ConnectionStatus />
            {signedIn ? (
              <RouterLink to={paths.dashboard.root} className={cls('account')}>
                Dashboard
              </RouterLink>
            ) : (
              <RouterLink to={paths.auth} className={cls('account')}>
                Login
              </RouterLink>
            )}
            <button
              type="button"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={isMenuOpen}
              className={cls('menuButton')}
              onClick={() => {
                setHasOpenedMenu(true);
                setMenuOpen(true);
              }}
            >
              <PlainIcon drawing={MENU_DRAWING} className={cls('menuIcon')} />
            </button>
            {hasOpenedMenu && (
              <Suspense fallback={null}>
                <MobileMenu
                  links={signedIn ? signedInLinks : visitorLinks}
                  isOpen={isMenuOpen}
                  onOpenChange={setMenuOpen}
                />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
