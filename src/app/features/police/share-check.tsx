/**
 * Sharing or printing the record of a check (plate, verdict, time in Lusaka, the place if
 * given, the officer): the phone's own share sheet where the browser has one (Web Share
 * API), otherwise a printable record on the page.
 */
import { checkRecordText, checkRecordTitle, type CheckRecord } from '#domain/police/check-record';
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

// Only the record prints: everything else is hidden (as the QR System page prints a plate's code).
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-record], [data-print-record] * { visibility: visible; }
  [data-print-record] { position: absolute; top: 0; left: 0; width: 100%; background: white !important; color: black !important; }
  [data-print-hidden] { display: none !important; }
}`;

type Shared = 'idle' | 'shared' | 'printable';

/** Keyed by the check by its caller: a new check is a new record. */
export function ShareCheck({ record }: { record: Omit<CheckRecord, 'place'> }) {
  const placeId = useId();
  const [place, setPlace] = useState('');
  const [shared, setShared] = useState<Shared>('idle');
  const full = { ...record, place };
  const text = checkRecordText(full);

  const share = async () => {
    const data = { title: checkRecordTitle(full), text };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        setShared('shared');
        return;
      } catch (error) {
        // Closed by the officer: nothing to do. Any other failure: the printable record.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setShared('printable');
  };

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label htmlFor={placeId}>Place (optional)</Field.Label>
        <Input
          id={placeId}
          value={place}
          maxLength={120}
          placeholder="e.g. Kafue Road checkpoint"
          onChange={(event) => setPlace(event.currentTarget.value)}
        />
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => void share()}>
          Share record
        </Button>
        {shared === 'shared' && (
          <Text fontSize="sm" color="fg.muted" role="status">
            Record shared.
          </Text>
        )}
      </HStack>
      {shared === 'printable' && (
        <Box
          as="section"
          aria-label="Record of this check"
          borderWidth="1px"
          borderRadius="md"
          p="3"
          data-print-record=""
          data-testid="check-record"
        >
          <style>{PRINT_CSS}</style>
          <Text as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="md">
            {text}
          </Text>
          <Button mt="3" colorPalette="brand" onClick={() => window.print()} data-print-hidden="">
            Print record
          </Button>
        </Box>
      )}
    </Stack>
  );
}
