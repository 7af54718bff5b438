/** Manual Entry: one plate-number field, upper-cased, at most 10 characters; blank gives the spec's message. */
import { PLATE_NUMBER_MAX_LENGTH, PLATE_NUMBER_REQUIRED, normalisePlateInput, parsePlateNumber } from '#domain/plates/plate-number';
import { Button, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { SearchIcon } from '../../components/icons';
import { PlainField, TextInput } from '../../components/plain-field';

export function ManualEntryForm({ initial = '', isChecking, onVerify, helper }: { initial?: string; isChecking: boolean; onVerify: (plateNumber: string) => void; helper?: string }) {
  const [plate, setPlate] = useState(() => normalisePlateInput(initial));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = () => {
    if (plate.trim() === '') {
      setError(PLATE_NUMBER_REQUIRED);
      input.current?.focus();
      return;
    }
    const parsed = parsePlateNumber(plate);
    if (!parsed.ok) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    onVerify(parsed.value);
  };

  return (
    <form
      noValidate
      // Enter pressed before the app has started sends the number at once (verdict-request.ts).
      data-plate-check=""
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="4">
        <PlainField label="Plate Number" error={error} helper={helper}>
          {(control) => (
            <TextInput
              {...control}
              ref={input}
              value={plate}
              maxLength={PLATE_NUMBER_MAX_LENGTH}
              placeholder="ZM-001-ABC"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              fontFamily="mono"
              size="lg"
              onChange={(event) => {
                setPlate(normalisePlateInput(event.currentTarget.value));
                setError(null);
              }}
              // The button is disabled while the field is blank, which also stops Enter from
              // submitting; Enter still gets an answer: the spec's message.
              onKeyDown={(event) => {
                if (event.key === 'Enter' && plate.trim() === '') {
                  event.preventDefault();
                  submit();
                }
              }}
            />
          )}
        </PlainField>
        <Button type="submit" colorPalette="brand" size="lg" loading={isChecking} loadingText="Verifying..." disabled={plate.trim() === '' || isChecking}>
          <SearchIcon /> Verify Plate
        </Button>
      </Stack>
    </form>
  );
}
