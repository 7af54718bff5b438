/** A labelled form control with its error message under it (Chakra's Field, wired the one way every form uses it). */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormField({ label, error, required = false, children }: { label: ReactNode; error: string | undefined; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
