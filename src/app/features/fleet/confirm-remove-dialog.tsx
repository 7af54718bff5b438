/** Remove Vehicle and Remove Driver: what goes, what follows from it, Cancel and Remove. Works offline. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { applyChange } from '../../components/use-change-form';
import type { Mutation } from '../../store/mutate';

export interface ConfirmRemoveProps<Row extends { id: string }> {
  title: string;
  /** What is removed, e.g. 'White Toyota Hilux · ZM-001-ABC'. */
  what: ReactNode;
  consequence: string;
  confirmLabel: string;
  mutation: Mutation<Row>;
  doneTitle: string;
  onClose: () => void;
}

export function ConfirmRemoveDialog<Row extends { id: string }>({ title, what, consequence, confirmLabel, mutation, doneTitle, onClose }: ConfirmRemoveProps<Row>) {
  const [error, setError] = useState<string | null>(null);
  const [isRemoving, setRemoving] = useState(false);

  async function remove() {
    setRemoving(true);
    setError(null);
    try {
      const refusal = await applyChange(mutation, doneTitle);
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setRemoving(false);
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
          <Button colorPalette="red" loading={isRemoving} onClick={() => void remove()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold">{what}</Text>
        <Text>{consequence}</Text>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
