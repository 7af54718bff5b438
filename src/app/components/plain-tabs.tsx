/**
 * The tabs of tabs.tsx as plain elements, for a page styled at build time (decision 039):
 * the same pattern and attributes, each part given the class of its specimen (the tabs
 * recipe's look for that page's variant).
 */
import type { HTMLAttributes, ReactNode } from 'react';
import {
  HORIZONTAL,
  TabsContext,
  type TabsValueProps,
  useContentProps,
  useTabListProps,
  useTabsRoot,
  useTriggerProps,
} from './tabs-state';

function Root({
  value,
  defaultValue,
  onValueChange,
  className,
  children,
}: TabsValueProps & { className: string; children: ReactNode }) {
  const state = useTabsRoot({ value, defaultValue, onValueChange });
  return (
    <TabsContext.Provider value={state}>
      <div className={className} {...HORIZONTAL}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

function List({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className} {...useTabListProps()}>
      {children}
    </div>
  );
}

function Trigger({ value, className, children }: { value: string; className: string; children: ReactNode }) {
  return (
    <button className={className} {...useTriggerProps(value)}>
      {children}
    </button>
  );
}

function Content({
  value,
  className,
  children,
}: { value: string; className: string; children: ReactNode } & Pick<HTMLAttributes<HTMLDivElement>, 'children'>) {
  return (
    <div className={className} {...useContentProps(value)}>
      {children}
    </div>
  );
}

export const PlainTabs = { Root, List, Trigger, Content };
