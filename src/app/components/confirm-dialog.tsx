/**
 * A confirmation before a change that cannot be taken back (deleting, removing, revoking):
 * what will happen, Cancel and the action in red. The dialog stays open with the reason
 * when the change is refused, and closes once it is done.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { AppDialog } from './app-dialog';

export interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  /** The action's colour: red for what cannot be taken back (the default), green for an approval. */
  confirmPalette?: 'red' | 'green';
  /** Makes the change; answers with the reason it was refused, or null when it is done. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({
  title,
  confirmLabel,
  confirmPalette = 'red',
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const refusal = await onConfirm();
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      title={title}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette={confirmPalette} loading={isBusy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {children}
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
