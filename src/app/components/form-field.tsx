/** A labelled form control with its error message under it (Chakra's Field, wired the one way every form uses it). */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  error: string | undefined;
  required?: boolean;
  /** A line under the control saying what to enter (tied to it for screen readers). */
  helperText?: ReactNode;
  children: ReactNode;
}

export function FormField({ label, error, required = false, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
