/**
 * Confirming a decision on the integrity queue: marking an alert reviewed (with what was
 * found), revoking the registration an alert shows was made in error (with the reason the
 * owner is told), or suspending a shop's right to record (with the reason the shop is told),
 * or restoring it. Written through the one write path: offline it waits on this device, and
 * a refusal the server gives at once shows here.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { checkWithRules } from '../../components/form-rules';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { NoteField } from '../../components/note-field';
import { applyChange } from '../../components/use-change-form';
import type { LocalIntegrityAlert, LocalUser } from '../../store/database';
import { reviewAlertMutation, revokeRegistrationMutation, shopRecordingMutation } from './integrity-changes';

// The rules (zod) load with the first decision, not with the page.
const decisionRules = onDemand(() => import('#domain/integrity/integrity-decisions'));

export type IntegrityDecision =
  | { kind: 'review'; alert: LocalIntegrityAlert }
  | { kind: 'revoke'; alert: LocalIntegrityAlert }
  | { kind: 'suspend'; shop: LocalUser }
  | { kind: 'restore'; shop: LocalUser };

const shopName = (shop: LocalUser) => shop.businessName ?? shop.name;

/** What the dialog asks for each decision that takes a note: its label, who reads it, its limit. */
const NOTES = {
  review: { label: 'What you found', help: 'Kept with the alert for the next reviewer.', max: 1000 },
  revoke: {
    label: 'Reason the owner is told',
    help: 'Kept with the alert, and told to the owner and the shop.',
    max: 1000,
  },
  suspend: { label: 'Reason the shop is told', help: 'The shop reads this on every refused record.', max: 300 },
} as const;

function wording(decision: IntegrityDecision): { title: string; action: string } {
  switch (decision.kind) {
    case 'review':
      return { title: 'Mark this alert reviewed', action: 'Mark reviewed' };
    case 'revoke':
      return {
        title: `Revoke the registration of ${decision.alert.plateNumber ?? 'this plate'}?`,
        action: 'Revoke registration',
      };
    case 'suspend':
      return { title: `Suspend ${shopName(decision.shop)}?`, action: 'Suspend shop' };
    case 'restore':
      return { title: `Let ${shopName(decision.shop)} record again?`, action: 'Lift suspension' };
  }
}

export function IntegrityDecisionDialog({ decision, onClose }: { decision: IntegrityDecision; onClose: () => void }) {
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { title, action } = wording(decision);

  async function confirm() {
    if (isSaving) return;
    setError(null);
    let change;
    if (decision.kind === 'restore') {
      change = {
        mutation: shopRecordingMutation(decision.shop, null),
        done: `${shopName(decision.shop)} may record again`,
      };
    } else {
      const isAlert = decision.kind !== 'suspend';
      const rules = decisionRules
        .load()
        .then((loaded) =>
          decision.kind === 'review'
            ? loaded.alertReviewSchema
            : decision.kind === 'revoke'
              ? loaded.registrationRevocationSchema
              : loaded.shopRecordingSchema,
        );
      const typed = isAlert
        ? { alertId: decision.alert.id, note: text }
        : { shopId: decision.shop.id, suspended: true, reason: text };
      const checked = await checkWithRules<typeof rules extends Promise<infer Schema> ? Schema : never>(rules, typed);
      if (!checked) return setError(NOT_LOADED);
      if (!checked.ok) {
        const errors: Record<string, string | undefined> = checked.errors;
        setTextError(errors.note ?? errors.reason ?? Object.values(errors)[0]);
        return;
      }
      const note = text.trim();
      change =
        decision.kind === 'review'
          ? { mutation: reviewAlertMutation(decision.alert, note, new Date()), done: 'Alert marked reviewed' }
          : decision.kind === 'revoke'
            ? {
                mutation: revokeRegistrationMutation(decision.alert, note, new Date()),
                done: `The registration of ${decision.alert.plateNumber ?? 'the plate'} is revoked`,
              }
            : { mutation: shopRecordingMutation(decision.shop, note), done: `${shopName(decision.shop)} is suspended` };
    }
    setSaving(true);
    try {
      const refusal = await applyChange<LocalIntegrityAlert | LocalUser>(change.mutation, change.done);
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setSaving(false);
    }
  }

  const note = decision.kind === 'restore' ? undefined : NOTES[decision.kind];
  return (
    <AppDialog
      title={title}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette={decision.kind === 'suspend' || decision.kind === 'revoke' ? 'red' : 'blue'}
            loading={isSaving}
            onClick={() => void confirm()}
          >
            {action}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {decision.kind === 'review' && <Text>{decision.alert.summary}</Text>}
        {decision.kind === 'revoke' && (
          <Text>
            The plate reads Revoked on every officer’s device after its next sync, and its QR code and certificate no
            longer verify. Nothing new is issued. The owner and the shop that recorded it are told, with your reason.
          </Text>
        )}
        {decision.kind === 'suspend' && (
          <Text>
            Every sale, manufacturing record and stock delivery the shop sends is refused with your reason until you
            lift the suspension. The shop is told at once.
          </Text>
        )}
        {decision.kind === 'restore' && (
          <Text>
            The shop is suspended: {decision.shop.recordingSuspended}. Once lifted, its records are accepted again and
            the shop is told.
          </Text>
        )}
        {note && (
          <NoteField
            label={note.label}
            help={note.help}
            value={text}
            maxLength={note.max}
            error={textError}
            required
            onChange={(value) => {
              setText(value);
              setTextError(undefined);
            }}
          />
        )}
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
