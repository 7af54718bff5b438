/**
 * "Install app" in the headers: opens the browser's install prompt where it offers one,
 * and on an iPhone or iPad shows how to add Nambala from the Share menu. Not shown when
 * the app is installed already, or the browser cannot install it.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { installOffer, promptInstall, subscribeInstallOffer } from './install';

const HomeScreenSteps = lazy(() => import('./home-screen-steps').then((module) => ({ default: module.HomeScreenSteps })));

const NO_OFFER = () => 'none' as const;

/** Props style the button where it stands (a header, a menu). */
export function InstallButton(props: ButtonProps) {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, NO_OFFER);
  const [isShowingSteps, setShowingSteps] = useState(false);
  if (offer === 'none' && !isShowingSteps) return null;
  return (
    <>
      {offer !== 'none' && (
        <Button size="sm" variant="outline" colorPalette="brand" {...props} onClick={() => (offer === 'prompt' ? void promptInstall() : setShowingSteps(true))}>
          Install app
        </Button>
      )}
      {isShowingSteps && (
        <Suspense fallback={null}>
          <HomeScreenSteps isOpen={isShowingSteps} onClose={() => setShowingSteps(false)} />
        </Suspense>
      )}
    </>
  );
}
