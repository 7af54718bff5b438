/**
 * "Install app" in the headers: opens the browser's install prompt where it offers one,
 * and on an iPhone or iPad shows how to add Nambala from the Share menu. Not shown when
 * the app is installed already, or the browser cannot install it.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { installOffer, promptInstall, subscribeInstallOffer } from './install';

const HomeScreenSteps = lazy(() =>
  import('./home-screen-steps').then((module) => ({ default: module.HomeScreenSteps })),
);

const NO_OFFER = () => 'none' as const;

const LABEL = 'Install app';

/**
 * What the install offer shows: `install` when there is one (null when there is none), and
 * the Share-menu steps once asked for. The browser's offer can arrive at any moment of a
 * visit (Chrome's `beforeinstallprompt`), on a page that has drawn nothing else.
 */
function useInstallOffer(): { install: (() => void) | null; steps: ReactNode } {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, NO_OFFER);
  const [isShowingSteps, setShowingSteps] = useState(false);
  return {
    install: offer === 'none' ? null : () => (offer === 'prompt' ? void promptInstall() : setShowingSteps(true)),
    steps: isShowingSteps && (
      <Suspense fallback={null}>
        <HomeScreenSteps isOpen={isShowingSteps} onClose={() => setShowingSteps(false)} />
      </Suspense>
    ),
  };
}

/** Props style the button where it stands (a menu, the dashboards' header). */
export function InstallButton(props: ButtonProps) {
  const { install, steps } = useInstallOffer();
  return (
    <>
      {install && (
        <Button size="sm" variant="outline" colorPalette="brand" {...props} onClick={install}>
          {LABEL}
        </Button>
      )}
      {steps}
    </>
  );
}

/**
 * The same, as a plain button for a part styled at build time (the public header): the offer
 * arriving while a public page idles draws it without making the design system.
 */
export function PlainInstallButton({ className }: { className: string }) {
  const { install, steps } = useInstallOffer();
  return (
    <>
      {install && (
        <button type="button" className={className} onClick={install}>
          {LABEL}
        </button>
      )}
      {steps}
    </>
  );
}
