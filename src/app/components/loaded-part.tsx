/**
 * A part of a screen whose code loads on demand (components/loaded-when-open.ts): a
 * spinner until it is here, and when it cannot be fetched the reason and a Try again
 * button (the code is asked for again). Normally it was fetched once the page was idle,
 * and is drawn at once.
 */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ComponentType, createElement, useState } from 'react';
import { NOT_LOADED, type OnDemand, useLoadedWhenOpen } from './loaded-when-open';

interface LoadedPartProps<Props extends object> {
  source: OnDemand<ComponentType<Props>>;
  props: Props;
  /** What is loading, said to screen readers while it does. */
  label: string;
}

export function LoadedPart<Props extends object>(props: LoadedPartProps<Props>) {
  // A new attempt is a new mount: the code is asked for again (onDemand forgets a failed load).
  const [attempt, setAttempt] = useState(0);
  return <LoadedPartAttempt key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function LoadedPartAttempt<Props extends object>({
  source,
  props,
  label,
  onRetry,
}: LoadedPartProps<Props> & { onRetry: () => void }) {
  const [isFailed, setFailed] = useState(false);
  const Part = useLoadedWhenOpen(source, true, () => setFailed(true));
  // Drawn through createElement: the component is the loaded module's, the same every render.
  if (Part) return createElement(Part, props);
  if (!isFailed) return <Spinner aria-label={label} />;
  return (
    <Stack align="start" gap="2">
      <Text role="alert">{NOT_LOADED}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
