/**
 * A modal dialog the one way the app draws them: title, body, footer actions, a close
 * button. Nothing is drawn until it is first opened; its code is loaded then, or once the
 * page is idle (opened-on-demand.ts), so no screen's first load carries it.
 */
import type { AppDialogProps } from './app-dialog-frame';
import { openedOnDemand } from './opened-on-demand';

export const AppDialog = openedOnDemand<AppDialogProps>(
  () => import('./app-dialog-frame').then((module) => module.AppDialogFrame),
  {
    isOpen: (props) => props.isOpen,
    close: (props) => props.onClose(),
    failure: 'This could not be opened',
  },
);
