/**
 * A component drawn only once it is opened (a dialog, a slide-in menu): nothing is drawn
 * until then, and its code (with the Zag machine behind it) is fetched once the page is
 * ready and idle, or when it is first opened if sooner (loaded-when-open.ts). If it is
 * opened and its code cannot be fetched, it is closed again and a toast says why.
 */
import { type ComponentType, createElement } from 'react';
import { NOT_LOADED, onDemand, useLoadedWhenOpen } from './loaded-when-open';
import { showToast } from './toast';

interface OpenedOnDemandOptions<Props> {
  isOpen: (props: Props) => boolean;
  /** Closes it again, when its code cannot be fetched. */
  close: (props: Props) => void;
  /** The toast's title then, e.g. 'The menu could not be opened'. */
  failure: string;
}

export function openedOnDemand<Props extends object>(
  importer: () => Promise<ComponentType<Props>>,
  { isOpen, close, failure }: OpenedOnDemandOptions<Props>,
): ComponentType<Props> {
  const source = onDemand(importer);
  return function OpenedOnDemand(props: Props) {
    const Component = useLoadedWhenOpen(source, isOpen(props), () => {
      close(props);
      showToast({ type: 'error', title: failure, description: NOT_LOADED, closable: true });
    });
    // Drawn through createElement: the component is the loaded module's, the same every render.
    return Component ? createElement(Component, props) : null;
  };
}
