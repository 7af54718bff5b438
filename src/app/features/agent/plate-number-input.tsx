/** A plate number as typed: upper-cased and cut to the longest plate number while the agent types. */
import { normalisePlateInput, PLATE_NUMBER_MAX_LENGTH } from '#domain/plates/plate-number';
import { Input } from '@chakra-ui/react';

export function PlateNumberInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Input
      value={value}
      maxLength={PLATE_NUMBER_MAX_LENGTH}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      fontFamily="mono"
      placeholder="ZM-001-ABC"
      onChange={(event) => onChange(normalisePlateInput(event.currentTarget.value))}
    />
  );
}
