/**
 * Tabs for the home page's quick search, the verification page and Login / Sign Up: the WAI-ARIA
 * tabs pattern drawn with Chakra's own tabs recipe, without Ark's state machine.
 * That machine and its runtime are ~15 KiB gzip of those pages' first load and
 * start-up work before they respond (decision 016). Same parts and props as the
 * Chakra Tabs these pages used: Root (value or defaultValue, onValueChange), List,
 * Trigger, Content. Arrow keys, Home and End move between tabs and select them.
 */
import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';
import { createContext, type KeyboardEvent, type ReactNode, type Ref, useContext, useId, useState } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });

// The recipe's variants: variant, size, fitted, justify.
type TabsVariantProps = SlotRecipeProps<'tabs'>;

const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & TabsVariantProps>('div', 'root');
const StyledList = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const StyledTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const StyledContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

// The recipe's horizontal styles key on this attribute; these tabs are always horizontal.
const HORIZONTAL = { 'data-orientation': 'horizontal' } as const;

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside Tabs.Root');
  return state;
}

type RootProps = Omit<HTMLChakraProps<'div'> & TabsVariantProps, 'defaultValue' | 'onChange'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (details: { value: string }) => void;
  children: ReactNode;
};

function Root({ value, defaultValue, onValueChange, children, ...rest }: RootProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const baseId = useId();
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.({ value: next });
    },
    idOf: (part, tab) => `${baseId}-${part}-${tab}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <StyledRoot {...HORIZONTAL} {...rest}>
        {children}
      </StyledRoot>
    </TabsContext.Provider>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function List(props: HTMLChakraProps<'div'>) {
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
  return <StyledList role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...HORIZONTAL} {...props} />;
}

/** A tab's state, and the data attributes Chakra's recipe styles by (selected, orientation). */
function useTab(value: string) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return { tabs, selected, styleState: { 'data-selected': selected ? '' : undefined, ...HORIZONTAL } };
}

function Trigger({ value, ...rest }: HTMLChakraProps<'button'> & { value: string; ref?: Ref<HTMLButtonElement> }) {
  const { tabs, selected, styleState } = useTab(value);
  return (
    <StyledTrigger
      type="button"
      role="tab"
      id={tabs.idOf('trigger', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('content', value)}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      onClick={() => tabs.select(value)}
      {...styleState}
      {...rest}
    />
  );
}

function Content({ value, ...rest }: HTMLChakraProps<'div'> & { value: string }) {
  const { tabs, selected, styleState } = useTab(value);
  return <StyledContent role="tabpanel" id={tabs.idOf('content', value)} aria-labelledby={tabs.idOf('trigger', value)} tabIndex={0} hidden={!selected} {...styleState} {...rest} />;
}

export const Tabs = { Root, List, Trigger, Content };
