import { type RefObject, useEffect } from 'react';

/**
 * After each failed submit (the counter goes up), moves focus to the form's first invalid
 * field, so keyboard and screen-reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, failedAttempts: number): void {
  useEffect(() => {
    if (failedAttempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, failedAttempts]);
}
