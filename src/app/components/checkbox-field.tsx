/**
 * A checkbox: the native input (keyboard, form and screen-reader behaviour from the
 * browser), drawn with Chakra's checkmark. Chakra's Checkbox runs a state machine for
 * the same, which the marketplace's first load could not afford (decision 017). Styled at
 * build time (checkbox-field.styles.tsx, decision 039): the marketplace's filters draw it
 * without Chakra, and so does every form that shows one.
 */
import type { ReactNode } from 'react';
import { staticClasses } from '../theme/static-styles';
import type { checkboxStyles } from './checkbox-field.styles';

const cls = staticClasses<typeof checkboxStyles>('checkbox');

export interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** In the brand palette, as the range slider beside it. */
export function CheckboxField({ checked, onChange, children }: CheckboxFieldProps) {
  return (
    <label className={cls('label')}>
      <input
        type="checkbox"
        className={cls('input')}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {/* Chakra's Checkmark (its stroke is in its class): the tick drawn only when checked. */}
      <svg viewBox="0 0 24 24" data-state={checked ? 'checked' : 'unchecked'} aria-hidden="true" className={cls('box')}>
        {checked && <polyline points="20 6 9 17 4 12" />}
      </svg>
      {children}
    </label>
  );
}
