import { type RefObject, useEffect } from 'react';

/** Focuses the form's first field with a problem; for a radio group, its selected or first option. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const radio = invalid.matches('input, textarea, select')
    ? null
    : (invalid.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
      invalid.querySelector<HTMLInputElement>('input[type=radio]'));
  (radio ?? invalid).focus();
}

/**
 * After each failed submit (the counter goes up), moves focus to the form's first invalid
 * field, so keyboard and screen-reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, failedAttempts: number): void {
  useEffect(() => {
    if (failedAttempts > 0) focusFirstInvalid(formRef.current);
  }, [formRef, failedAttempts]);
}
