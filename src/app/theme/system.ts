/**
 * Nambala's design system: Chakra's defaults with the brand palette (the green and
 * copper of Zambia's flag) as the default colour palette.
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldsetSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  stepsSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  animationStyles,
  globalCss,
} from '@chakra-ui/react/theme';

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    // An open dialog's backdrop covers the page and takes every tap outside the dialog. The
    // dialog also writes `pointer-events: none` on the body (and `data-inert`), which every
    // element of the page inherits: the browser restyled the whole page in the tap that opened
    // a dialog (decision 032). The body keeps taking pointer events; the backdrop blocks them.
    'body[data-inert]': { pointerEvents: 'auto !important' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eaf6e6' },
          100: { value: '#cdebc3' },
          200: { value: '#a6dc95' },
          300: { value: '#74c65c' },
          400: { value: '#4aae2e' },
          500: { value: '#198a00' },
          600: { value: '#157300' },
          700: { value: '#115c00' },
          800: { value: '#0d4700' },
          900: { value: '#0a3600' },
          950: { value: '#062200' },
        },
        copper: {
          500: { value: '#ef7d00' },
          600: { value: '#c56700' },
        },
      },
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default error red (red.500) is below AA contrast for small text on white.
        fg: { error: { value: '{colors.red.700}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

// Colour palettes the app never uses: each costs tokens and CSS variables that
// createSystem builds on every page load. A palette named anywhere in the app must not be
// here, or what it colours is drawn colourless (tests/app/theme/system.test.ts checks).
const UNUSED_PALETTES = new Set(['cyan', 'pink']);
function withoutUnusedPalettes<T extends object>(group: T): T {
  return Object.fromEntries(Object.entries(group).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * Semantic tokens with their light values only. Nambala has no dark mode (nothing
 * sets Chakra's `dark` class), so every `_dark` value is a CSS variable no page uses;
 * building them took a third of createSystem on every page load, and their CSS
 * rode along in every prerendered page.
 */
export function lightOnly<T>(node: T): T {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  if ('value' in node) {
    const value = (node as { value: unknown }).value;
    if (value !== null && typeof value === 'object' && '_dark' in value) {
      const { _dark: _unused, ...rest } = value as Record<string, unknown>;
      const keys = Object.keys(rest);
      const collapsed = keys.length === 1 && (keys[0] === '_light' || keys[0] === 'base') ? rest[keys[0]!] : rest;
      return { ...node, value: collapsed } as T;
    }
    return node;
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

// Only the recipes of the components the app draws: Chakra's full theme carries ~60 recipes
// in every first load. A Chakra component used without its recipe here is drawn unstyled.
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      mark: markRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      steps: stepsSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

let made: SystemContext | undefined;

/**
 * The design system, made the first time it is asked for. Making it is the largest
 * single piece of the app's start (Chakra builds its tokens and their CSS variables),
 * so start.tsx makes it in a task of its own, between evaluating the app's code and
 * hydrating the page, rather than in the same long task as the module evaluation; a page
 * styled at build time makes it only when something drawn with Chakra first reads it.
 * createSystem merges the configs itself: merging them first (as before) cloned the
 * whole theme twice.
 */
export function appSystem(): SystemContext {
  if (made) return made;
  const startedAt = performance.now();
  made = createSystem(defaultBaseConfig, theme, config);
  // Seen in a trace and by the tests: when (and whether) a page needed it.
  performance.measure(DESIGN_SYSTEM_MADE, { start: startedAt, end: performance.now() });
  return made;
}

/** The name of the performance measure of making the design system. */
export const DESIGN_SYSTEM_MADE = 'design system made';
