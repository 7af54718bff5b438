/**
 * "Not you? Report it": on a registered plate's view, the owner reports a registration they
 * do not recognise (a shop registered their number to another vehicle or person). The report
 * travels like any change (offline too) and becomes an integrity alert the administrators
 * review; the owner sees that it was sent.
 */
import { REGISTRATION_REPORTED } from '#domain/integrity/integrity-decisions';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../components/format-date-time';
import { NoteField } from '../../components/note-field';
import { applyChange } from '../../components/use-change-form';
import type { LocalIntegrityAlert } from '../../store/database';
import { newId } from '../../store/new-id';
import { useStoreQuery } from '../../store/use-store-query';

const NOTE_MAX_LENGTH = 1000;
const NOTE_REQUIRED = 'Please say what is wrong with this registration';

export function RegistrationReport({ plateNumber, startOpen = false }: { plateNumber: string; startOpen?: boolean }) {
  const reported = useStoreQuery(
    (db) =>
      db.integrityAlerts
        .filter((alert) => alert.kind === 'registration-reported' && alert.plateNumber === plateNumber)
        .first(),
    [plateNumber],
  );
  const [isOpen, setOpen] = useState(startOpen);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  if (reported) {
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        You reported this registration on {formatDateTime(reported.createdAt)}. The registry will look into it and
        contact you.
      </Text>
    );
  }
  if (!isOpen) {
    return (
      <Button variant="ghost" size="sm" colorPalette="red" alignSelf="flex-start" onClick={() => setOpen(true)}>
        Not you? Report it
      </Button>
    );
  }

  async function send() {
    if (isSending) return;
    setError(null);
    const text = note.trim();
    if (text === '') return setNoteError(NOTE_REQUIRED);
    const id = newId();
    const row: LocalIntegrityAlert = {
      id,
      kind: 'registration-reported',
      subjectId: null,
      subjectName: null,
      plateNumber,
      summary: text,
      evidence: {},
      status: 'Open',
      reviewNote: null,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: new Date().toISOString(),
    };
    setSending(true);
    try {
      const refusal = await applyChange(
        { intent: 'reportRegistration', table: 'integrityAlerts', row, payload: { id, plateNumber, note: text } },
        REGISTRATION_REPORTED,
      );
      if (refusal) setError(refusal);
    } finally {
      setSending(false);
    }
  }

  return (
    <Box as="section" aria-labelledby={`report-${plateNumber}`} borderWidth="1px" rounded="md" p="3">
      <Stack gap="3">
        <Text id={`report-${plateNumber}`} fontWeight="semibold">
          Report this registration
        </Text>
        <Text fontSize="sm">
          If you did not have this plate registered, or the vehicle or owner is not yours, tell the registry. The shop
          that registered it is not told who reported it.
        </Text>
        <NoteField
          label="What is wrong"
          value={note}
          maxLength={NOTE_MAX_LENGTH}
          error={noteError}
          required
          onChange={(value) => {
            setNote(value);
            setNoteError(undefined);
          }}
        />
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        <Button colorPalette="red" alignSelf="flex-start" loading={isSending} onClick={() => void send()}>
          Send report
        </Button>
      </Stack>
    </Box>
  );
}
