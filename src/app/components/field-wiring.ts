/**
 * What ties a field's label, control and note (its error, or else its helper) together: the
 * ids, the invalid state and the description. One piece for the fields drawn by Chakra's
 * recipes (plain-field.tsx) and those styled at build time (Manual Entry's plate number).
 */
import { useId } from 'react';

/** What a field's control is given: its id, and its invalid state and description when it has them. */
export interface ControlProps {
  id: string;
  required?: true;
  'aria-invalid'?: true;
  'data-invalid'?: '';
  'aria-describedby'?: string;
}

export interface FieldWiring {
  /** The control's id, for the label's `htmlFor`. */
  id: string;
  /** The note's id: the control is described by it when there is a note. */
  noteId: string;
  isInvalid: boolean;
  /** `data-invalid` for the field and its label, which the recipes style by. */
  invalidMark: '' | undefined;
  control: ControlProps;
}

/** An error makes the field invalid and is its note; without one, the helper (if any) is. */
export function useFieldWiring({
  error,
  hasHelper,
  required = false,
}: {
  error: string | null | undefined;
  hasHelper: boolean;
  required?: boolean;
}): FieldWiring {
  const id = useId();
  const noteId = `${id}-note`;
  const isInvalid = Boolean(error);
  const hasNote = isInvalid || hasHelper;
  return {
    id,
    noteId,
    isInvalid,
    invalidMark: isInvalid ? '' : undefined,
    control: {
      id,
      ...(required ? { required: true } : {}),
      ...(isInvalid ? { 'aria-invalid': true, 'data-invalid': '' } : {}),
      ...(hasNote ? { 'aria-describedby': noteId } : {}),
    },
  };
}
