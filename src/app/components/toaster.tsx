/**
 * Accessible toasts: announced politely to screen readers, dismissible; at the bottom end of a
 * wider screen, and from the top of a phone's, where one at the bottom would sit over the
 * buttons at the foot of a dialog for as long as it shows.
 */
import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/**
 * How long a toast stays on screen, unless the pointer or the focus is on it. Chakra's own is
 * 5 s for most toasts but 2 s for a success ("Changes saved"), which went before a person had
 * read it when the page was busy as it appeared.
 */
export const TOAST_MS = 5000;

/** Narrower than the md breakpoint (48em), where dialogs take the screen's width. */
const isPhone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true;

export const toaster = createToaster({
  placement: isPhone ? 'top' : 'bottom-end',
  pauseOnPageIdle: true,
  duration: TOAST_MS,
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
