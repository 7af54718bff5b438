/**
 * A checkbox: the native input (keyboard, form and screen-reader behaviour from the
 * browser), drawn with Chakra's checkmark. Chakra's Checkbox runs a state machine for
 * the same, which the marketplace's first load could not afford (decision 017).
 */
import { Checkmark, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** In the brand palette, as the range slider beside it. */
export function CheckboxField({ checked, onChange, children }: CheckboxFieldProps) {
  return (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      gap="2"
      cursor="pointer"
      textStyle="sm"
      fontWeight="medium"
      colorPalette="brand"
      position="relative"
    >
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        // Hidden from sight, not from keyboards and screen readers; its focus shows on the box.
        position="absolute"
        opacity="0"
        width="5"
        height="5"
        margin="0"
        cursor="pointer"
        css={{
          '&:focus-visible + svg': {
            outline: '2px solid',
            outlineColor: 'colorPalette.focusRing',
            outlineOffset: '2px',
          },
        }}
      />
      <Checkmark checked={checked} size="md" variant="solid" aria-hidden="true" />
      {children}
    </chakra.label>
  );
}
