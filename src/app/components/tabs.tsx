/**
 * Tabs for the home page's quick search, the verification page and Login / Sign Up: the WAI-ARIA
 * tabs pattern drawn with Chakra's own tabs recipe, without Ark's state machine.
 * That machine and its runtime are ~15 KiB gzip of those pages' first load and
 * start-up work before they respond (decision 016). Same parts and props as the
 * Chakra Tabs these pages used: Root (value or defaultValue, onValueChange), List,
 * Trigger, Content. Arrow keys, Home and End move between tabs and select them.
 */
import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import {
  HORIZONTAL,
  TabsContext,
  type TabsValueProps,
  useContentProps,
  useTabListProps,
  useTabsRoot,
  useTriggerProps,
} from './tabs-state';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });

// The recipe's variants: variant, size, fitted, justify.
type TabsVariantProps = SlotRecipeProps<'tabs'>;

const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & TabsVariantProps>('div', 'root');
const StyledList = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const StyledTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const StyledContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

type RootProps = Omit<HTMLChakraProps<'div'> & TabsVariantProps, 'defaultValue' | 'onChange'> &
  TabsValueProps & { children: ReactNode };

function Root({ value, defaultValue, onValueChange, children, ...rest }: RootProps) {
  const state = useTabsRoot({ value, defaultValue, onValueChange });
  return (
    <TabsContext.Provider value={state}>
      <StyledRoot {...HORIZONTAL} {...rest}>
        {children}
      </StyledRoot>
    </TabsContext.Provider>
  );
}

function List(props: HTMLChakraProps<'div'>) {
  return <StyledList {...useTabListProps()} {...props} />;
}

function Trigger({ value, ...rest }: HTMLChakraProps<'button'> & { value: string; ref?: Ref<HTMLButtonElement> }) {
  return <StyledTrigger {...useTriggerProps(value)} {...rest} />;
}

function Content({ value, ...rest }: HTMLChakraProps<'div'> & { value: string }) {
  return <StyledContent {...useContentProps(value)} {...rest} />;
}

export const Tabs = { Root, List, Trigger, Content };
