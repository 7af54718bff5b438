/**
 * The fields above a filtered list (marketplace, users, plate requests): a search box with
 * its magnifier, and a select whose first choice is "all". Each has a label, shown or for
 * screen readers only.
 *
 * They are drawn by Chakra's own recipes on plain elements (plain-field.tsx), the label tied
 * to its control by id, rather than by Chakra's Field, Input and NativeSelect (decision 027).
 */
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { SearchIcon } from './icons';
import { FieldLabel, FieldRoot, SelectControl, SelectIndicator, SelectRoot, TextInput } from './plain-field';

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
  const id = useId();
  return (
    <FieldRoot flex="1" minW={minW}>
      <FieldLabel htmlFor={id} srOnly>
        {label}
      </FieldLabel>
      <Box position="relative" w="full">
        <SearchIcon
          boxSize="4"
          position="absolute"
          left="3"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          pointerEvents="none"
          zIndex="1"
          aria-hidden
        />
        <TextInput
          id={id}
          ps="9"
          type="search"
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </Box>
    </FieldRoot>
  );
}

interface PlainSelectProps {
  label: string;
  /** The label is read by screen readers only. */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  w?: Width;
  /** The <option> elements. */
  children: ReactNode;
}

/** A labelled native select in Chakra's look. */
export function PlainSelect({ label, hideLabel = false, value, onChange, w, children }: PlainSelectProps) {
  const id = useId();
  return (
    <FieldRoot w={w}>
      <FieldLabel htmlFor={id} srOnly={hideLabel}>
        {label}
      </FieldLabel>
      <SelectRoot>
        <SelectControl id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </SelectControl>
        <SelectIndicator />
      </SelectRoot>
    </FieldRoot>
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

export function FilterSelect<Value extends string>({
  label,
  hideLabel = false,
  allLabel,
  options,
  optionLabel = (value) => value,
  value,
  onChange,
  w,
}: FilterSelectProps<Value>) {
  return (
    <PlainSelect
      label={label}
      hideLabel={hideLabel}
      value={value}
      w={w}
      onChange={(chosen) => onChange(options.find((option) => option === chosen) ?? 'all')}
    >
      <option value="all">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </PlainSelect>
  );
}
