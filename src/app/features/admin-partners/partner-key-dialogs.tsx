/**
 * The Partner API page's dialogs: issuing a key (scopes and limits), the new key shown once
 * with a copy button and a warning, and rotating a key with the overlap the old one keeps.
 */
import { Alert, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import {
  DEFAULT_KEY_LIMITS,
  OWNER_SCOPE_KINDS,
  PARTNER_SCOPE_LABELS,
  PARTNER_SCOPES,
  type PartnerScope,
} from '#domain/partners/partner-api';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { CheckboxField } from '../../components/checkbox-field';
import { FormField } from '../../components/form-field';
import { showToast } from '../../components/toast';
import { type IssuedKeyAnswer, issuePartnerKey, type PartnerOrganisationView, rotatePartnerKey } from './partners-api';

export function IssueKeyDialog({
  organisation,
  onClose,
  onIssued,
}: {
  organisation: PartnerOrganisationView;
  onClose: () => void;
  onIssued: (issued: IssuedKeyAnswer) => void;
}) {
  const [scopes, setScopes] = useState<PartnerScope[]>(['verdict']);
  const [perMinute, setPerMinute] = useState(String(DEFAULT_KEY_LIMITS.perMinute));
  const [dailyQuota, setDailyQuota] = useState(String(DEFAULT_KEY_LIMITS.dailyQuota));
  const [lifetimeDays, setLifetimeDays] = useState(String(DEFAULT_KEY_LIMITS.lifetimeDays));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const offered = PARTNER_SCOPES.filter((scope) => scope !== 'owner' || OWNER_SCOPE_KINDS.includes(organisation.kind));

  async function issue() {
    setBusy(true);
    const answer = await issuePartnerKey(organisation.id, {
      scopes,
      perMinute: Number(perMinute),
      dailyQuota: Number(dailyQuota),
      lifetimeDays: Number(lifetimeDays),
    });
    setBusy(false);
    if (answer.ok) onIssued(answer.value);
    else {
      setError(answer.message);
      setFields(answer.fields ?? {});
    }
  }

  return (
    <AppDialog
      title={`Issue an API key for ${organisation.name}`}
      isOpen
      onClose={onClose}
      footer={
        <Flex gap="2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" loading={isBusy} onClick={() => void issue()}>
            Issue key
          </Button>
        </Flex>
      }
    >
      <Stack gap="4">
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="medium" fontSize="sm">
            Scopes
          </Text>
          {offered.map((scope) => (
            <CheckboxField
              key={scope}
              checked={scopes.includes(scope)}
              onChange={(checked) =>
                setScopes((current) => (checked ? [...current, scope] : current.filter((item) => item !== scope)))
              }
            >
              {PARTNER_SCOPE_LABELS[scope]}
            </CheckboxField>
          ))}
          {fields.scopes && <Text color="fg.error">{fields.scopes}</Text>}
        </Stack>
        <FormField label="Requests a minute" error={fields.perMinute}>
          <Input inputMode="numeric" value={perMinute} onChange={(event) => setPerMinute(event.currentTarget.value)} />
        </FormField>
        <FormField label="Plates a day" error={fields.dailyQuota}>
          <Input
            inputMode="numeric"
            value={dailyQuota}
            onChange={(event) => setDailyQuota(event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Days until it expires" error={fields.lifetimeDays}>
          <Input
            inputMode="numeric"
            value={lifetimeDays}
            onChange={(event) => setLifetimeDays(event.currentTarget.value)}
          />
        </FormField>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </AppDialog>
  );
}

/** The key, once: it is not kept anywhere it could be shown again. */
export function NewKeyDialog({ issued, onClose }: { issued: IssuedKeyAnswer; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      showToast({ type: 'success', title: 'API key copied' });
    } catch {
      showToast({ type: 'error', title: 'Could not copy', description: 'Select the key and copy it by hand.' });
    }
  };
  return (
    <AppDialog
      title={`API key for ${issued.organisation.name}`}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Stack gap="3">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            This key is shown only once. Copy it now and give it to the organisation by a safe channel: Nambala keeps
            only a digest of it and cannot show it again.
          </Alert.Description>
        </Alert.Root>
        <FormField label="API key" error={undefined}>
          <Input readOnly value={issued.key} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
        </FormField>
        <Button variant="outline" onClick={() => void copy()} alignSelf="flex-start">
          Copy key
        </Button>
      </Stack>
    </AppDialog>
  );
}

export function RotateKeyDialog({
  keyPrefix,
  keyId,
  onClose,
  onRotated,
}: {
  keyPrefix: string;
  keyId: string;
  onClose: () => void;
  onRotated: (issued: IssuedKeyAnswer) => void;
}) {
  const [overlapHours, setOverlapHours] = useState('24');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function rotate() {
    setBusy(true);
    const answer = await rotatePartnerKey(keyId, Number(overlapHours));
    setBusy(false);
    if (answer.ok) onRotated(answer.value);
    else setError(answer.message);
  }
  return (
    <AppDialog
      title={`Rotate key ${keyPrefix}…`}
      isOpen
      onClose={onClose}
      footer={
        <Flex gap="2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" loading={isBusy} onClick={() => void rotate()}>
            Rotate key
          </Button>
        </Flex>
      }
    >
      <Stack gap="3">
        <Text>
          A new key is issued with the same scopes and limits. The old key keeps working for the hours you choose, so
          the organisation can switch without a gap; 0 stops it at once.
        </Text>
        <FormField label="Hours the old key keeps working" error={undefined}>
          <Input
            inputMode="numeric"
            value={overlapHours}
            onChange={(event) => setOverlapHours(event.currentTarget.value)}
          />
        </FormField>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </AppDialog>
  );
}
