/**
 * How the app's dialogs are drawn (Chakra's Dialog): AppDialog's, loaded when one is first
 * needed (app-dialog.tsx), and a plate's in the marketplace, whose module loads it with it.
 */
import { CloseButton, Dialog, type DialogRootProps, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AppDialogProps {
  title: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/** What only the plate's dialog changes: full screen on a phone, at the top, its body scrolled, unmounted when closed. */
interface FrameLayout {
  size?: DialogRootProps['size'];
  placement?: DialogRootProps['placement'];
  isBodyScrolled?: boolean;
  isUnmountedWhenClosed?: boolean;
  /** The element to focus as it opens; null or absent: its first control. */
  initialFocus?: () => HTMLElement | null;
}

export function AppDialogFrame({
  title,
  isOpen,
  onClose,
  children,
  footer,
  role = 'dialog',
  size = 'md',
  placement = 'center',
  isBodyScrolled = false,
  isUnmountedWhenClosed = false,
  initialFocus,
}: AppDialogProps & FrameLayout) {
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(event) => !event.open && onClose()}
      size={size}
      role={role}
      placement={placement}
      {...(isBodyScrolled ? { scrollBehavior: 'inside' } : {})}
      lazyMount={isUnmountedWhenClosed}
      unmountOnExit={isUnmountedWhenClosed}
      {...(initialFocus ? { initialFocusEl: initialFocus } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
