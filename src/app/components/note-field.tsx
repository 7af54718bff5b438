/**
 * A decision's or report's note: a labelled text area with a length limit, who will read it
 * and how much is left, and the error under it. Typing clears the error.
 */
import { Field, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function NoteField({
  label,
  value,
  maxLength,
  error,
  help,
  required = false,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  error: string | undefined;
  /** Who reads the note, shown beside the count of characters used. */
  help?: ReactNode;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        value={value}
        maxLength={maxLength}
        rows={3}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Field.HelperText>
        {help} {value.length}/{maxLength}
      </Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
