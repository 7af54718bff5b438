/**
 * A build step for Chakra's createSystem: its global styles (the reset, the base styles
 * and the CSS variables of every token) are made the first time something reads them,
 * not every time a design system is made.
 *
 * createSystem serialises all three eagerly, and the token variables alone are more than
 * half of its cost. A prerendered page already carries them in its own style sheet
 * (decision 016), so the app's start threw that work away on every public page, in the
 * longest task of the start. Pages that do need them (the app shell) still get them, from
 * the same functions, when Chakra's provider first draws them.
 *
 * The change is two statements of Chakra's own file, matched exactly. If an upgrade of
 * Chakra changes either one, the build stops and says so, rather than silently losing
 * the change. Why: docs/decisions/033-global-styles-made-when-read.md.
 */
import type { Plugin } from 'vite';

/** Chakra's module that defines createSystem. */
export const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY =
  'let _globalMade;\n  const makeGlobal = () => (_globalMade ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);';
const RETURNED = /\n(\s*)_global,\n/;

/** Chakra's system.js with its global styles made when first read; throws if the source is not the one this was written for. */
export function withLazyGlobalStyles(source: string): string {
  if (!source.includes(EAGER) || !RETURNED.test(source)) {
    throw new Error(
      "Chakra's createSystem no longer has the statements that src/build/lazy-global-styles.ts changes " +
        '(docs/decisions/033-global-styles-made-when-read.md). Check whether it still makes its global styles eagerly, then update or remove this step.',
    );
  }
  return source.replace(EAGER, LAZY).replace(RETURNED, '\n$1get _global() {\n$1  return makeGlobal();\n$1},\n');
}

export function lazyGlobalStyles(): Plugin {
  return {
    name: 'nambala:lazy-global-styles',
    // Builds only. Of the two, only the browser's bundles Chakra: the prerenderer's (--ssr)
    // leaves it external and reads every global style anyway. Vite's dev server serves Chakra
    // pre-bundled, unchanged.
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      return { code: withLazyGlobalStyles(code), map: null };
    },
  };
}
