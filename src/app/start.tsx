/**
 * Starts the app, loaded by main.tsx once the first paint is on screen. Evaluated all at
 * once, the app's code and its design system held the main thread for one long task
 * (~90 ms here, four times that on a slow phone) while the page was already on screen
 * and could be tapped. So the start goes in stages, each a task of its own, with the
 * browser free to handle input in between: React's renderer; the app's code (Chakra
 * and the design system's code with it); making the design system; hydrating the page
 * (mount.tsx).
 * Why and what it measured: docs/decisions/029-start-in-short-tasks.md.
 */
import { nextTask } from './components/when-idle';

/** Set by the prerenderer on a page whose first view draws no style at run time (decision 039). */
const isStyledAtBuild = document.getElementById('root')?.hasAttribute('data-styled-at-build') ?? false;

async function start(): Promise<void> {
  const reactClient = await import('./react-client');
  await nextTask();
  const { mount, appSystem } = await import('./mount');
  await nextTask();
  // A page styled at build time shows its first view, and its main answer (a verdict), without
  // the design system: it is made when something drawn with Chakra first reads it (a dialog,
  // the camera's panel), not at start nor while the page idles, where it was the longest task.
  if (!isStyledAtBuild) {
    appSystem();
    await nextTask();
  }
  await mount(reactClient);
}

void start();
