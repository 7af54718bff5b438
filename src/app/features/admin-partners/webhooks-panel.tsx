/**
 * An organisation's webhooks on the Partner API page: its subscriptions (a new one's signing
 * secret shown once), the plates listed for it to follow, and the delivery log with each
 * delivery's last answer and Replay. Read from the server; writes are online-only commands.
 */
import { Alert, Badge, Box, Button, Flex, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '#domain/partners/webhooks';
import { useCallback, useEffect, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { CheckboxField } from '../../components/checkbox-field';
import { formatDateTime } from '../../components/format-date-time';
import { FormField } from '../../components/form-field';
import { showToast } from '../../components/toast';
import {
  fetchWebhooks,
  followPlates,
  type PartnerOrganisationView,
  replayDelivery,
  subscribeWebhook,
  type WebhooksAnswer,
} from './partners-api';

type Delivery = WebhooksAnswer['deliveries'][number];

function deliveryState(delivery: Delivery): { label: string; palette: string } {
  if (delivery.deliveredAt) return { label: 'Delivered', palette: 'green' };
  if (delivery.gaveUpAt) return { label: 'Given up', palette: 'red' };
  return { label: delivery.attempts === 0 ? 'Queued' : 'Retrying', palette: 'orange' };
}

export function WebhooksPanel({ organisation }: { organisation: PartnerOrganisationView }) {
  const [answer, setAnswer] = useState<WebhooksAnswer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [plates, setPlates] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const take = useCallback((read: Awaited<ReturnType<typeof fetchWebhooks>>) => {
    if (read.ok) {
      setAnswer(read.value);
      setMessage(null);
    } else setMessage(read.message);
  }, []);
  const load = () => void fetchWebhooks(organisation.id).then(take);

  useEffect(() => {
    let isCurrent = true;
    void fetchWebhooks(organisation.id).then((read) => isCurrent && take(read));
    return () => {
      isCurrent = false;
    };
  }, [organisation.id, take]);

  async function subscribe() {
    const made = await subscribeWebhook(organisation.id, { url, events });
    if (!made.ok) {
      setFields(made.fields ?? { url: made.message });
      return;
    }
    setFields({});
    setUrl('');
    setSecret(made.value.secret);
    load();
  }

  async function follow() {
    const list = plates
      .split(/[\s,;]+/)
      .map((plate) => plate.trim())
      .filter(Boolean);
    const done = await followPlates(organisation.id, list);
    if (!done.ok) {
      setFields({ plates: done.message });
      return;
    }
    setFields({});
    setPlates('');
    load();
  }

  async function replay(delivery: Delivery) {
    const done = await replayDelivery(organisation.id, delivery.id);
    if (!done.ok) showToast({ type: 'error', title: 'Not replayed', description: done.message });
    else {
      showToast({ type: 'success', title: 'Delivery queued again', description: 'It is sent within a few seconds.' });
      load();
    }
  }

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontWeight="semibold">Webhooks of {organisation.name}</Text>
        <Button size="sm" variant="outline" onClick={load}>
          Refresh
        </Button>
      </Flex>
      {message && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{message}</Alert.Description>
        </Alert.Root>
      )}
      {answer && (
        <>
          {answer.webhooks.length > 0 && (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={`Webhooks of ${organisation.name}`}>
              {answer.webhooks.map((webhook) => (
                <Text as="li" key={webhook.id} fontSize="sm">
                  <Text as="span" fontFamily="mono">
                    {webhook.url}
                  </Text>{' '}
                  · {webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
                </Text>
              ))}
            </Stack>
          )}
          <Stack gap="2" borderWidth="1px" rounded="md" p="3">
            <FormField label="Address to send events to" error={fields.url}>
              <Input
                type="url"
                placeholder="https://partner.example/nambala-events"
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
              />
            </FormField>
            <Flex as="fieldset" gap="3" wrap="wrap" aria-label="Events">
              {WEBHOOK_EVENTS.map((event) => (
                <CheckboxField
                  key={event}
                  checked={events.includes(event)}
                  onChange={(checked) =>
                    setEvents((current) => (checked ? [...current, event] : current.filter((item) => item !== event)))
                  }
                >
                  {WEBHOOK_EVENT_LABELS[event]}
                </CheckboxField>
              ))}
            </Flex>
            {fields.events && <Text color="fg.error">{fields.events}</Text>}
            <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => void subscribe()}>
              Add webhook
            </Button>
          </Stack>
          <Stack gap="2">
            <Text fontSize="sm">
              {organisation.kind === 'insurer' ? 'Follows the plates it insures, and also: ' : 'Follows: '}
              {answer.followedPlates.length === 0 ? 'no listed plates' : answer.followedPlates.join(', ')}
            </Text>
            <FormField
              label="Plates to follow"
              error={fields.plates}
              helperText="Plate numbers, separated by spaces or commas."
            >
              <Textarea rows={2} value={plates} onChange={(event) => setPlates(event.currentTarget.value)} />
            </FormField>
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void follow()}>
              Follow plates
            </Button>
          </Stack>
          {answer.deliveries.length === 0 ? (
            <Text color="fg.muted">No deliveries yet.</Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" rounded="lg">
              <Table.Root size="sm" aria-label={`Deliveries to ${organisation.name}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Event</Table.ColumnHeader>
                    <Table.ColumnHeader>Plate</Table.ColumnHeader>
                    <Table.ColumnHeader>State</Table.ColumnHeader>
                    <Table.ColumnHeader>Last answer</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {answer.deliveries.map((delivery) => {
                    const state = deliveryState(delivery);
                    return (
                      <Table.Row key={delivery.id}>
                        <Table.Cell whiteSpace="nowrap">
                          {WEBHOOK_EVENT_LABELS[delivery.event]}
                          <Text fontSize="xs" color="fg.muted">
                            {formatDateTime(delivery.occurredAt)}
                          </Text>
                        </Table.Cell>
                        <Table.Cell fontFamily="mono">{delivery.plateNumber}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={state.palette} variant="subtle">
                            {state.label}
                          </Badge>
                          <Text fontSize="xs" color="fg.muted">
                            {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                          </Text>
                        </Table.Cell>
                        <Table.Cell whiteSpace="normal">
                          {delivery.lastAttempt
                            ? `${delivery.lastAttempt.status ?? 'No answer'}: ${delivery.lastAttempt.response}`
                            : '—'}
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => void replay(delivery)}
                            aria-label={`Replay ${WEBHOOK_EVENT_LABELS[delivery.event]} of ${delivery.plateNumber}`}
                          >
                            Replay
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </>
      )}
      {secret && (
        <AppDialog
          title="Webhook signing secret"
          role="alertdialog"
          isOpen
          onClose={() => setSecret(null)}
          footer={
            <Button colorPalette="brand" onClick={() => setSecret(null)}>
              Done
            </Button>
          }
        >
          <Stack gap="3">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                This secret is shown only once. Give it to the organisation: its system checks each delivery's signature
                with it.
              </Alert.Description>
            </Alert.Root>
            <FormField label="Signing secret" error={undefined}>
              <Input readOnly value={secret} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
            </FormField>
            <Box>
              <Button
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(secret)
                    .then(() => showToast({ type: 'success', title: 'Secret copied' }))
                    .catch(() => showToast({ type: 'error', title: 'Could not copy', description: 'Copy it by hand.' }))
                }
              >
                Copy secret
              </Button>
            </Box>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}
