/**
 * Confirming a decision on the integrity queue: marking an alert reviewed (with what was
 * found), or suspending a shop's right to record (with the reason the shop is told), or
 * restoring it. Written through the one write path: offline it waits on this device, and a
 * refusal the server gives at once shows here.
 */
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { checkWithRules } from '../../components/form-rules';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { applyChange } from '../../components/use-change-form';
import type { LocalIntegrityAlert, LocalUser } from '../../store/database';
import { reviewAlertMutation, shopRecordingMutation } from './integrity-changes';

const TEXT_MAX_LENGTH = { review: 1000, suspend: 300 } as const;

// The rules (zod) load with the first decision, not with the page.
const decisionRules = onDemand(() => import('#domain/integrity/integrity-decisions'));

export type IntegrityDecision = { kind: 'review'; alert: LocalIntegrityAlert } | { kind: 'suspend'; shop: LocalUser } | { kind: 'restore'; shop: LocalUser };

const shopName = (shop: LocalUser) => shop.businessName ?? shop.name;

export function IntegrityDecisionDialog({ decision, onClose }: { decision: IntegrityDecision; onClose: () => void }) {
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const title = decision.kind === 'review' ? 'Mark this alert reviewed' : decision.kind === 'suspend' ? `Suspend ${shopName(decision.shop)}?` : `Let ${shopName(decision.shop)} record again?`;
  const action = decision.kind === 'review' ? 'Mark reviewed' : decision.kind === 'suspend' ? 'Suspend shop' : 'Lift suspension';

  async function confirm() {
    if (isSaving) return;
    setError(null);
    let change;
    if (decision.kind === 'restore') {
      change = { mutation: shopRecordingMutation(decision.shop, null), done: `${shopName(decision.shop)} may record again` };
    } else {
      const rules = decisionRules.load().then((loaded) => (decision.kind === 'review' ? loaded.alertReviewSchema : loaded.shopRecordingSchema));
      const typed = decision.kind === 'review' ? { alertId: decision.alert.id, note: text } : { shopId: decision.shop.id, suspended: true, reason: text };
      const checked = await checkWithRules<typeof rules extends Promise<infer Schema> ? Schema : never>(rules, typed);
      if (!checked) return setError(NOT_LOADED);
      if (!checked.ok) {
        const errors: Record<string, string | undefined> = checked.errors;
        setTextError(errors.note ?? errors.reason ?? Object.values(errors)[0]);
        return;
      }
      change =
        decision.kind === 'review'
          ? { mutation: reviewAlertMutation(decision.alert, text.trim(), new Date()), done: 'Alert marked reviewed' }
          : { mutation: shopRecordingMutation(decision.shop, text.trim()), done: `${shopName(decision.shop)} is suspended` };
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

  const max = decision.kind === 'restore' ? 0 : TEXT_MAX_LENGTH[decision.kind];
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
          <Button colorPalette={decision.kind === 'suspend' ? 'red' : 'blue'} loading={isSaving} onClick={() => void confirm()}>
            {action}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {decision.kind === 'review' && <Text>{decision.alert.summary}</Text>}
        {decision.kind === 'suspend' && (
          <Text>Every sale, manufacturing record and stock delivery the shop sends is refused with your reason until you lift the suspension. The shop is told at once.</Text>
        )}
        {decision.kind === 'restore' && <Text>The shop is suspended: {decision.shop.recordingSuspended}. Once lifted, its records are accepted again and the shop is told.</Text>}
        {decision.kind !== 'restore' && (
          <Field.Root invalid={Boolean(textError)} required>
            <Field.Label>{decision.kind === 'review' ? 'What you found' : 'Reason the shop is told'}</Field.Label>
            <Textarea
              value={text}
              maxLength={max}
              rows={3}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextError(undefined);
              }}
            />
            <Field.HelperText>
              {decision.kind === 'review' ? 'Kept with the alert for the next reviewer.' : 'The shop reads this on every refused record.'} {text.length}/{max}
            </Field.HelperText>
            <Field.ErrorText>{textError}</Field.ErrorText>
          </Field.Root>
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
