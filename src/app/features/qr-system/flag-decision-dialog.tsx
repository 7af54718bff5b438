/**
 * Confirming a decision on a flag: what it does to the plate, an optional note for the
 * officer, then the decision through the one write path. A refusal the server gives at
 * once (already decided, plate not registered) shows here; one given later, after an
 * offline decision, lands in Needs attention.
 */
import type { FlagDecision } from '#domain/police/flags';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { NoteField } from '../../components/note-field';
import { checkWithRules } from '../../components/form-rules';
import { applyChange } from '../../components/use-change-form';
import type { LocalPlateFlag } from '../../store/database';
import { DECISION_ACTIONS, decideFlagMutation } from './flag-changes';
import { SuspicionBadge } from './qr-badges';

const NOTE_MAX_LENGTH = 500;

const TITLES: Record<FlagDecision, (plateNumber: string) => string> = {
  revoke: (plateNumber) => `Revoke ${plateNumber}?`,
  stolen: (plateNumber) => `Mark ${plateNumber} as stolen?`,
  dismiss: (plateNumber) => `Dismiss the flag on ${plateNumber}?`,
};

const CONSEQUENCES: Record<FlagDecision, string> = {
  revoke:
    'The plate’s QR code stops verifying: every device is told it is revoked once its revocation list next refreshes.',
  stolen:
    'The plate is recorded as stolen: officers who check it are told so, even offline once their revocation list refreshes.',
  dismiss: 'The plate stays as it is. The officer is told the flag was dismissed.',
};

// The form's rules (zod) load once the page is idle (or with the first decision), not with the page.
const decisionRules = onDemand(() => import('#domain/police/police'));

export function FlagDecisionDialog({
  flag,
  decision,
  onClose,
}: {
  flag: LocalPlateFlag;
  decision: FlagDecision;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const action = DECISION_ACTIONS[decision];

  async function confirm() {
    if (isSaving) return;
    setError(null);
    const checked = await checkWithRules(
      decisionRules.load().then((rules) => rules.flagDecisionSchema),
      { flagId: flag.id, decision, note },
    );
    if (!checked) return setError(NOT_LOADED);
    if (!checked.ok) {
      setNoteError(checked.errors.note);
      setError(checked.errors.note ? null : (Object.values(checked.errors)[0] ?? null));
      return;
    }
    setSaving(true);
    try {
      const refusal = await applyChange(decideFlagMutation(flag, checked.value), action.done(flag.plateNumber));
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      title={TITLES[decision](flag.plateNumber)}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette={action.colorPalette} loading={isSaving} onClick={() => void confirm()}>
            {action.label}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{CONSEQUENCES[decision]}</Text>
        <Stack gap="1" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
          <Text fontFamily="mono" fontWeight="semibold">
            {flag.plateNumber}
          </Text>
          <SuspicionBadge suspicion={flag.suspicion} />
          <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
            {flag.note}
          </Text>
          {flag.officerName && (
            <Text fontSize="xs" color="fg.muted">
              Raised by {flag.officerName}
            </Text>
          )}
        </Stack>
        <NoteField
          label="Decision note (optional)"
          help="The officer who raised the flag sees this note."
          value={note}
          maxLength={NOTE_MAX_LENGTH}
          error={noteError}
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
      </Stack>
    </AppDialog>
  );
}
