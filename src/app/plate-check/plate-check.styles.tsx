/**
 * Manual Entry's form, made at build time (decision 039): each element as Chakra would draw
 * it. Read by the build only; manual-entry-form.tsx uses the class names, so the roadside
 * check's first view draws without Chakra.
 */
import { Button, Span, Spinner, Stack } from '@chakra-ui/react';
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot, TextInput } from '../components/plain-field';
import { SearchIcon } from '../components/icons';
import { SPECIMEN, type StaticStyles } from '../theme/static-styles';

/** Manual Entry's form, which the verification page and the police dashboard show. */
export const plateCheckStyles = {
  stack: <Stack gap="4" />,
  field: <FieldRoot />,
  label: (
    <FieldRoot>
      <FieldLabel {...SPECIMEN} />
    </FieldRoot>
  ),
  error: (
    <FieldRoot>
      <FieldErrorText {...SPECIMEN} />
    </FieldRoot>
  ),
  helper: (
    <FieldRoot>
      <FieldHelperText {...SPECIMEN} />
    </FieldRoot>
  ),
  input: <TextInput fontFamily="mono" size="lg" />,
  button: <Button colorPalette="brand" size="lg" />,
  buttonIcon: <SearchIcon />,
  loading: <Span display="contents" />,
  spinner: <Spinner size="inherit" borderWidth="0.125em" color="inherit" />,
} satisfies StaticStyles;
