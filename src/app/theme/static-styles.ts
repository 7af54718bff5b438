/**
 * Styles made at build time (decision 039). A part of the first load that needs no styling
 * at run time is drawn with plain elements whose class names come from here; its styles
 * are written as Chakra elements in a `*.styles.tsx` module beside it (the "specimens"),
 * which only the build reads: the prerenderer renders each specimen with the app's design
 * system and writes its rules into every page under the class named here
 * (src/app/prerender/static-style-sheet.tsx). The browser never makes those styles, and
 * the part's code does not import Chakra.
 */
import type { ReactElement } from 'react';

/** One element per name: its tag, props and style props are the element's look (or those of the part inside it marked SPECIMEN). */
export type StaticStyles = Record<string, ReactElement>;

/**
 * Marks the element whose look a specimen gives when it is not the outermost: a part drawn
 * inside its parent's context (a tab inside its tab list).
 */
export const SPECIMEN = { 'data-specimen': '' } as const;

/** The class of `name` in the group `group`: `nb-<group>-<name>`. */
export function staticClass(group: string, name: string): string {
  return `nb-${group}-${name}`;
}

/**
 * The class names of one group, typed by its specimens (imported as a type only, so that
 * the specimens and Chakra stay out of the browser's code).
 */
export function staticClasses<Styles extends StaticStyles>(group: string): (name: keyof Styles & string) => string {
  return (name) => staticClass(group, name);
}
