/**
 * A modal dialog the one way the app draws them: title, body, footer actions, a close
 * button. Nothing is drawn until it is first opened; its code is loaded then, or once the
 * page is idle (loaded-when-open.ts), so no screen's first load carries it.
 */
import type { AppDialogProps } from './app-dialog-frame';
import { createElement } from 'react';
import { NOT_LOADED, onDemand, useLoadedWhenOpen } from './loaded-when-open';
import { showToast } from './toast';

const frame = onDemand(() => import('./app-dialog-frame').then((module) => module.AppDialogFrame));

export function AppDialog(props: AppDialogProps) {
  const Frame = useLoadedWhenOpen(frame, props.isOpen, () => {
    props.onClose();
    showToast({ type: 'error', title: 'This could not be opened', description: NOT_LOADED, closable: true });
  });
  // Drawn through createElement: the component is the loaded module's, the same every render.
  return Frame ? createElement(Frame, props) : null;
}
