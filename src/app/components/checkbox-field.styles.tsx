/**
 * The checkbox (checkbox-field.tsx), made at build time (decision 039): each element as Chakra
 * would draw it. Read by the build only; checkbox-field.tsx uses the class names.
 */
import { Checkmark, chakra } from '@chakra-ui/react';
import type { StaticStyles } from '../theme/static-styles';

export const checkboxStyles = {
  // In the brand palette, as the range slider beside it on the marketplace.
  label: (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      gap="2"
      cursor="pointer"
      textStyle="sm"
      fontWeight="medium"
      colorPalette="brand"
      position="relative"
    />
  ),
  // Hidden from sight, not from keyboards and screen readers; its focus shows on the box.
  input: (
    <chakra.input
      type="checkbox"
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
  ),
  // Ticked or not by its `data-state`, as Chakra's Checkmark marks it.
  box: <Checkmark size="md" variant="solid" />,
} satisfies StaticStyles;
