/** Remove Vehicle and Remove Driver: what goes, what follows from it, Cancel and Remove. Works offline. */
import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
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

export function ConfirmRemoveDialog<Row extends { id: string }>({
  title,
  what,
  consequence,
  confirmLabel,
  mutation,
  doneTitle,
  onClose,
}: ConfirmRemoveProps<Row>) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={() => applyChange(mutation, doneTitle)}
      onClose={onClose}
    >
      <Text fontWeight="semibold">{what}</Text>
      <Text>{consequence}</Text>
    </ConfirmDialog>
  );
}
