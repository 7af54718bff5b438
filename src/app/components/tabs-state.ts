/**
 * The WAI-ARIA tabs pattern without its drawing: which tab is selected, the keys that move
 * between tabs, and each part's ARIA and data attributes. Drawn by tabs.tsx with Chakra's
 * tabs recipe, and by plain-tabs.tsx with the same recipe's classes made at build time.
 */
import { createContext, type KeyboardEvent, useContext, useId, useState } from 'react';

export interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'trigger' | 'content', value: string) => string;
}

export const TabsContext = createContext<TabsState | null>(null);

// The recipe's horizontal styles key on this attribute; these tabs are always horizontal.
export const HORIZONTAL = { 'data-orientation': 'horizontal' } as const;

export interface TabsValueProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (details: { value: string }) => void;
}

/** The state a Root gives its parts. */
export function useTabsRoot({ value, defaultValue, onValueChange }: TabsValueProps): TabsState {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const baseId = useId();
  return {
    value: current,
    select: (next) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.({ value: next });
    },
    idOf: (part, tab) => `${baseId}-${part}-${tab}`,
  };
}

export function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside Tabs.Root');
  return state;
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The tab list's props: its role, and the arrows, Home and End moving to a tab and selecting it. */
export function useTabListProps() {
  const { select } = useTabs();
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index === -1 || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[step(index, tabs.length)];
    next?.focus();
    if (next?.dataset.value) select(next.dataset.value);
  }
  return { role: 'tablist', 'aria-orientation': 'horizontal', onKeyDown, ...HORIZONTAL } as const;
}

/** A tab's state, and the data attributes Chakra's recipe styles by (selected, orientation). */
function useTab(value: string) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return { tabs, selected, styleState: { 'data-selected': selected ? '' : undefined, ...HORIZONTAL } };
}

/** A tab's props. */
export function useTriggerProps(value: string) {
  const { tabs, selected, styleState } = useTab(value);
  return {
    type: 'button',
    role: 'tab',
    id: tabs.idOf('trigger', value),
    'aria-selected': selected,
    'aria-controls': tabs.idOf('content', value),
    tabIndex: selected ? 0 : -1,
    'data-value': value,
    onClick: () => tabs.select(value),
    ...styleState,
  } as const;
}

/** A tab panel's props: hidden unless its tab is selected. */
export function useContentProps(value: string) {
  const { tabs, selected, styleState } = useTab(value);
  return {
    role: 'tabpanel',
    id: tabs.idOf('content', value),
    'aria-labelledby': tabs.idOf('trigger', value),
    tabIndex: 0,
    hidden: !selected,
    ...styleState,
  } as const;
}
