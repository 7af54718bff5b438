/**
 * Looking a vehicle up by its chassis number (the VIN on the windscreen or door pillar), for
 * a car whose plate is missing, damaged or suspected false. Checked on the device with the
 * same rule the server applies, then asked of the registry (online only).
 */
import { chassisNumberSchema } from '#domain/agent/workspace';
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';

export function ChassisLookupForm({
  isChecking,
  onLookUp,
}: {
  isChecking: boolean;
  onLookUp: (chassisNumber: string) => void;
}) {
  const id = useId();
  const [chassis, setChassis] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = chassisNumberSchema.safeParse(chassis);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the chassis number');
      return;
    }
    setError(null);
    onLookUp(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field.Root invalid={error !== null}>
        <Field.Label htmlFor={id}>Chassis number</Field.Label>
        <HStack gap="2" w="full" align="flex-start">
          <Input
            id={id}
            value={chassis}
            maxLength={17}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            onChange={(event) => setChassis(event.currentTarget.value.toUpperCase())}
          />
          <Button type="submit" variant="outline" loading={isChecking} flexShrink={0}>
            Look up
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>Needs a connection. The owner’s name is shown, and the look is logged.</Field.HelperText>
        )}
      </Field.Root>
    </form>
  );
}
