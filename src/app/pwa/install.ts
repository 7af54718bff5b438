/**
 * Installing the app. Browsers that can install it say so with a `beforeinstallprompt`
 * event, kept here so the app can offer its own Install button and open the browser's
 * prompt from it; iPhones and iPads have no such event, and are shown how to add the
 * app from the Share menu instead. Listening starts in main.tsx, before the app, since
 * the event may come early and only once.
 */

/** Chromium's event (not in the DOM typings): the browser's own install prompt, held. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What this device offers: the browser's prompt, Add to Home Screen by hand, or nothing (installed, or no way). */
export type InstallOffer = 'prompt' | 'home-screen' | 'none';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** iOS and iPadOS (which says it is a Mac, but has a touch screen), where apps are added from Share. */
export function isAppleMobile(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** Opened from the home screen already: nothing to offer. */
function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Held for the app's own button, instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

export function installOffer(): InstallOffer {
  if (installed || isStandalone()) return 'none';
  if (deferred) return 'prompt';
  return isAppleMobile(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) ? 'home-screen' : 'none';
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the browser's install prompt; a prompt can be used once, so the offer ends either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
