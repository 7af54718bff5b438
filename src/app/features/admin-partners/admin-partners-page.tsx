/**
 * Partner API (/dashboard/admin/partners): the organisations that check plates from their own
 * systems (docs/partner-api.md). An administrator registers one, issues it keys (shown once),
 * rotates and revokes them, and reads its usage per day with a CSV export in Lusaka time. Read
 * from the server; every change is an online-only command.
 */
import { Alert, Badge, Box, Button, chakra, Flex, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import {
  PARTNER_KIND_LABELS,
  PARTNER_KINDS,
  PARTNER_SCOPE_LABELS,
  type PartnerKind,
} from '#domain/partners/partner-api';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime } from '../../components/format-date-time';
import { FormField } from '../../components/form-field';
import { LoadingNote } from '../../components/loading-note';
import { PageHeader, Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { IssueKeyDialog, NewKeyDialog, RotateKeyDialog } from './partner-key-dialogs';
import { WebhooksPanel } from './webhooks-panel';
import {
  fetchPartners,
  fetchUsage,
  type IssuedKeyAnswer,
  PARTNERS_OFFLINE,
  type PartnerOrganisationView,
  type PartnerUsageAnswer,
  registerPartner,
  revokePartnerKey,
} from './partners-api';

type KeyView = PartnerOrganisationView['keys'][number];
const STATE_PALETTES = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function RegisterForm({ onRegistered }: { onRegistered: (organisation: PartnerOrganisationView) => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PartnerKind>('insurer');
  const [insurerName, setInsurerName] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const answer = await registerPartner({
      name,
      kind,
      insurerName: kind === 'insurer' ? insurerName : null,
      contactEmail,
    });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      setFields(answer.fields ?? {});
      return;
    }
    setError(null);
    setFields({});
    setName('');
    setInsurerName('');
    setContactEmail('');
    onRegistered(answer.value.organisation);
  }

  return (
    <chakra.form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="3" maxW="xl">
        <FormField label="Organisation name" error={fields.name} required>
          <Input value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </FormField>
        <FormField label="Kind" error={fields.kind} required>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind} onChange={(event) => setKind(event.currentTarget.value as PartnerKind)}>
              {PARTNER_KINDS.map((option) => (
                <option key={option} value={option}>
                  {PARTNER_KIND_LABELS[option]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {kind === 'insurer' && (
          <FormField
            label="Insurer name on its policies"
            error={fields.insurerName}
            required
            helperText="Its key sees the owner and cover only of plates insured under this name."
          >
            <Input value={insurerName} onChange={(event) => setInsurerName(event.currentTarget.value)} />
          </FormField>
        )}
        <FormField label="Contact email" error={fields.contactEmail} required>
          <Input type="email" value={contactEmail} onChange={(event) => setContactEmail(event.currentTarget.value)} />
        </FormField>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" loading={isBusy} alignSelf="flex-start">
          Register organisation
        </Button>
      </Stack>
    </chakra.form>
  );
}

function UsageView({ usage }: { usage: PartnerUsageAnswer }) {
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontWeight="semibold">Usage of {usage.organisation.name} (last 30 days, Lusaka time)</Text>
        <Button asChild size="sm" colorPalette="brand">
          <a href={`/api/admin/partners/${encodeURIComponent(usage.organisation.id)}/usage.csv`} download>
            Export CSV
          </a>
        </Button>
      </Flex>
      {usage.days.length === 0 ? (
        <Text color="fg.muted">No calls yet.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg">
          <Table.Root size="sm" aria-label={`Usage of ${usage.organisation.name} by day`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Day</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Calls</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Plates checked</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Refused</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {usage.days.map((day) => (
                <Table.Row key={day.day}>
                  <Table.Cell>{day.day}</Table.Cell>
                  <Table.Cell textAlign="end">{day.calls}</Table.Cell>
                  <Table.Cell textAlign="end">{day.plates}</Table.Cell>
                  <Table.Cell textAlign="end">{day.refused}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function KeyRow({
  keyView,
  onRotate,
  onRevoke,
}: {
  keyView: KeyView;
  onRotate: (key: KeyView) => void;
  onRevoke: (key: KeyView) => void;
}) {
  const isActive = keyView.state === 'active';
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3">
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <Text fontFamily="mono">{keyView.prefix}…</Text>
        <Badge colorPalette={STATE_PALETTES[keyView.state]} variant="subtle">
          {keyView.state === 'active'
            ? keyView.replacedBy
              ? 'Active until overlap ends'
              : 'Active'
            : keyView.state === 'expired'
              ? 'Expired'
              : 'Revoked'}
        </Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {keyView.scopes.map((scope) => PARTNER_SCOPE_LABELS[scope]).join(', ')} · {keyView.perMinute} a minute ·{' '}
        {keyView.dailyQuota.toLocaleString('en-GB')} plates a day · expires {formatDateTime(keyView.expiresAt)}
      </Text>
      {isActive && (
        <Flex gap="2" mt="2">
          {!keyView.replacedBy && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => onRotate(keyView)}
              aria-label={`Rotate key ${keyView.prefix}`}
            >
              Rotate
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => onRevoke(keyView)}
            aria-label={`Revoke key ${keyView.prefix}`}
          >
            Revoke
          </Button>
        </Flex>
      )}
    </Box>
  );
}

export function AdminPartnersPage() {
  const isOnline = useOnlineStatus();
  const [organisations, setOrganisations] = useState<PartnerOrganisationView[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [issuingFor, setIssuingFor] = useState<PartnerOrganisationView | null>(null);
  const [issued, setIssued] = useState<IssuedKeyAnswer | null>(null);
  const [rotating, setRotating] = useState<KeyView | null>(null);
  const [revoking, setRevoking] = useState<KeyView | null>(null);
  const [usage, setUsage] = useState<PartnerUsageAnswer | null>(null);
  const [webhooksOf, setWebhooksOf] = useState<string | null>(null);

  const take = useCallback((answer: Awaited<ReturnType<typeof fetchPartners>>) => {
    if (answer.ok) {
      setOrganisations(answer.value.organisations);
      setMessage(null);
    } else setMessage(answer.message);
  }, []);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchPartners().then((answer) => isCurrent && take(answer));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, take]);

  const replace = (organisation: PartnerOrganisationView) =>
    setOrganisations((current) => {
      const rest = (current ?? []).filter((row) => row.id !== organisation.id);
      return [...rest, organisation].sort((a, b) => a.name.localeCompare(b.name));
    });

  const showUsage = async (organisation: PartnerOrganisationView) => {
    const answer = await fetchUsage(organisation.id);
    if (answer.ok) setUsage(answer.value);
    else showToast({ type: 'error', title: 'Usage could not be read', description: answer.message });
  };

  const keyIssued = (answer: IssuedKeyAnswer) => {
    setIssuingFor(null);
    setRotating(null);
    replace(answer.organisation);
    setIssued(answer);
  };

  return (
    <Stack gap="6">
      <PageHeader
        title="Partner API"
        summary="Organisations that check plates from their own systems — insurers, dealers, banks, police and other government systems — with their API keys and usage."
      />
      {!isOnline && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{PARTNERS_OFFLINE}</Alert.Description>
        </Alert.Root>
      )}
      <Section title="Register an organisation" headingId="partner-register-heading">
        <RegisterForm
          onRegistered={(organisation) => {
            replace(organisation);
            showToast({
              type: 'success',
              title: `${organisation.name} registered`,
              description: 'Issue it a key next.',
            });
          }}
        />
      </Section>
      <Section title="Organisations" headingId="partner-organisations-heading">
        <Stack gap="4" aria-live="polite">
          {message && isOnline && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{message}</Alert.Description>
            </Alert.Root>
          )}
          {organisations === null ? (
            isOnline && !message ? (
              <LoadingNote>Loading organisations…</LoadingNote>
            ) : null
          ) : organisations.length === 0 ? (
            <Text color="fg.muted">No partner organisations yet.</Text>
          ) : (
            <Stack as="ul" gap="4" listStyleType="none" aria-label="Partner organisations">
              {organisations.map((organisation) => (
                <Box as="li" key={organisation.id} borderWidth="1px" rounded="lg" p="4">
                  <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
                    <Box>
                      <Text as="h3" fontWeight="semibold" fontSize="lg">
                        {organisation.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {PARTNER_KIND_LABELS[organisation.kind]}
                        {organisation.insurerName ? ` (${organisation.insurerName})` : ''} · {organisation.contactEmail}{' '}
                        · {organisation.callsToday === 1 ? '1 call' : `${organisation.callsToday} calls`} today
                      </Text>
                    </Box>
                    <Flex gap="2" wrap="wrap">
                      <Button
                        size="sm"
                        colorPalette="brand"
                        disabled={!isOnline}
                        onClick={() => setIssuingFor(organisation)}
                        aria-label={`Issue key for ${organisation.name}`}
                      >
                        Issue key
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!isOnline}
                        onClick={() => void showUsage(organisation)}
                        aria-label={`Usage of ${organisation.name}`}
                      >
                        Usage
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!isOnline}
                        onClick={() => setWebhooksOf(webhooksOf === organisation.id ? null : organisation.id)}
                        aria-label={`Webhooks of ${organisation.name}`}
                        aria-expanded={webhooksOf === organisation.id}
                      >
                        Webhooks
                      </Button>
                    </Flex>
                  </Flex>
                  {organisation.keys.length > 0 && (
                    <Stack as="ul" gap="2" mt="3" listStyleType="none" aria-label={`Keys of ${organisation.name}`}>
                      {organisation.keys.map((key) => (
                        <KeyRow key={key.id} keyView={key} onRotate={setRotating} onRevoke={setRevoking} />
                      ))}
                    </Stack>
                  )}
                  {webhooksOf === organisation.id && (
                    <Box mt="4">
                      <WebhooksPanel organisation={organisation} />
                    </Box>
                  )}
                  {usage?.organisation.id === organisation.id && (
                    <Box mt="4">
                      <UsageView usage={usage} />
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      </Section>
      {issuingFor && (
        <IssueKeyDialog organisation={issuingFor} onClose={() => setIssuingFor(null)} onIssued={keyIssued} />
      )}
      {issued && <NewKeyDialog issued={issued} onClose={() => setIssued(null)} />}
      {rotating && (
        <RotateKeyDialog
          keyId={rotating.id}
          keyPrefix={rotating.prefix}
          onClose={() => setRotating(null)}
          onRotated={keyIssued}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke key ${revoking.prefix}…?`}
          confirmLabel="Revoke key"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            const answer = await revokePartnerKey(revoking.id);
            if (!answer.ok) return answer.message;
            replace(answer.value.organisation);
            showToast({ type: 'success', title: `Key ${revoking.prefix}… revoked` });
            return null;
          }}
        >
          <Text>The key stops working at once: every call made with it is refused from now on.</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
