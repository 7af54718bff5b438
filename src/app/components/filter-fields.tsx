/**
 * The fields above a filtered list (marketplace, users, plate requests): a search box with
 * its magnifier, and a select whose first choice is "all". Each has a label, shown or for
 * screen readers only.
 */
import { Box, Field, Input, NativeSelect, type SystemStyleObject } from '@chakra-ui/react';
import { SearchIcon } from './icons';

type Width = SystemStyleObject['width'];

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  minW?: SystemStyleObject['minWidth'];
}

export function SearchField({ label, placeholder, value, onChange, maxLength, minW = '48' }: SearchFieldProps) {
  return (
    <Field.Root flex="1" minW={minW}>
      <Field.Label srOnly>{label}</Field.Label>
      <Box position="relative" w="full">
        <SearchIcon boxSize="4" position="absolute" left="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1" aria-hidden />
        <Input ps="9" type="search" placeholder={placeholder} value={value} maxLength={maxLength} onChange={(event) => onChange(event.currentTarget.value)} />
      </Box>
    </Field.Root>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The label is read by screen readers only (the select's first option says enough). */
  hideLabel?: boolean;
  /** The first option's text, for "all" (spec wording: 'All Types', 'All Status'…). */
  allLabel: string;
  options: readonly Value[];
  optionLabel?: (value: Value) => string;
  /** The current choice: 'all' or one of the options. */
  value: string;
  onChange: (value: Value | 'all') => void;
  w?: Width;
}

export function FilterSelect<Value extends string>({ label, hideLabel = false, allLabel, options, optionLabel = (value) => value, value, onChange, w }: FilterSelectProps<Value>) {
  return (
    <Field.Root w={w}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            onChange(options.find((option) => option === chosen) ?? 'all');
          }}
        >
          <option value="all">{allLabel}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
