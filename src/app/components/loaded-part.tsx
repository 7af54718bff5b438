/**
 * A part of a screen whose code loads on demand (components/loaded-when-open.ts): a
 * spinner until it is here, and the reason when it cannot be fetched. Normally it was
 * fetched once the page was idle, and is drawn at once.
 */
import { Spinner, Text } from '@chakra-ui/react';
import { type ComponentType, createElement, useState } from 'react';
import { NOT_LOADED, type OnDemand, useLoadedWhenOpen } from './loaded-when-open';

interface LoadedPartProps<Props extends object> {
  source: OnDemand<ComponentType<Props>>;
  props: Props;
  /** What is loading, said to screen readers while it does. */
  label: string;
}

export function LoadedPart<Props extends object>({ source, props, label }: LoadedPartProps<Props>) {
  const [isFailed, setFailed] = useState(false);
  const Part = useLoadedWhenOpen(source, true, () => setFailed(true));
  // Drawn through createElement: the component is the loaded module's, the same every render.
  if (Part) return createElement(Part, props);
  return isFailed ? <Text role="alert">{NOT_LOADED}</Text> : <Spinner aria-label={label} />;
}
