/**
 * Settings › Notifications: which topics reach this person by email and by SMS. The dashboard
 * keeps every notification whatever is chosen here, and messages about the account itself
 * (sign-in, password, email and phone) always go. Read from and sent to the server at once
 * (online only): the server decides what it sends.
 */
import type { NotificationPreferencesAnswer } from '#domain/api/accounts';
import type { MessageChannelId } from '#domain/messages/sent-message';
import {
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationTopic,
} from '#domain/notifications/preferences';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { runCommand } from '../../api/command';
import { CheckboxField } from '../../components/checkbox-field';
import { FormMessage } from '../../components/form-message';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';

const CHANNEL_LABELS: Record<MessageChannelId, string> = { email: 'Email', sms: 'SMS' };
const CHANNELS: readonly MessageChannelId[] = ['email', 'sms'];

type Loading = 'loading' | 'loaded' | 'failed';
const keepShown = (current: Loading): Loading => (current === 'loaded' ? current : 'failed');

const wanted = (preferences: NotificationPreferences, topic: NotificationTopic, channel: MessageChannelId) =>
  preferences[topic]?.[channel] !== false;

export function NotificationPreferencesForm({ hasPhone }: { hasPhone: boolean }) {
  const isOnline = useOnlineStatus();
  const [preferences, setPreferences] = useState<NotificationPreferences>({});
  const [loaded, setLoaded] = useState<Loading>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    apiRequest<NotificationPreferencesAnswer>('GET', '/api/me/notification-preferences')
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setLoaded(keepShown);
        setPreferences(answer.body.preferences);
        setLoaded('loaded');
      })
      // Read again when the connection comes back; choices already shown stay when it goes.
      .catch(() => live && setLoaded(keepShown));
    return () => {
      live = false;
    };
  }, [isOnline]);

  function toggle(topic: NotificationTopic, channel: MessageChannelId, on: boolean) {
    setPreferences((current) => ({ ...current, [topic]: { ...current[topic], [channel]: on } }));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSaving(true);
    const outcome = await runCommand<NotificationPreferencesAnswer>({
      method: 'PUT',
      path: '/api/me/notification-preferences',
      body: preferences,
    });
    setSaving(false);
    if (outcome.status === 'needs-connection') {
      setMessage('Saving your choices needs a connection. Nothing was changed; try again when you are back online.');
      return;
    }
    if (outcome.status === 'refused') {
      setMessage(outcome.reason || 'The server could not save your choices just now. Please try again.');
      return;
    }
    showToast({ type: 'success', title: 'Notification choices saved' });
  }

  if (loaded === 'loading') return <Text color="fg.muted">Reading your choices…</Text>;
  if (loaded === 'failed')
    return <Text color="fg.muted">Your choices are kept on the server; they show here once you are online.</Text>;
  return (
    <form noValidate aria-labelledby="notifications-heading" onSubmit={(event) => void save(event)}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Every notification stays in your dashboard. Choose what also reaches you by email and by SMS. Messages about
          your account itself (sign-in, password, email and phone changes) are always sent.
          {!hasPhone && ' SMS goes to a Zambian mobile number: add one under Email and Phone.'}
        </Text>
        <FormMessage message={message} />
        <Stack as="ul" listStyleType="none" gap="3">
          {NOTIFICATION_TOPICS.map((topic) => (
            <Box as="li" key={topic.id} borderWidth="1px" rounded="md" p="3">
              <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
                <Box minW="0" flex="1 1 16rem">
                  <Text fontWeight="medium" id={`topic-${topic.id}`}>
                    {topic.label}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {topic.hint}
                  </Text>
                </Box>
                <Flex as="fieldset" gap="4" aria-labelledby={`topic-${topic.id}`}>
                  {CHANNELS.map((channel) => (
                    <CheckboxField
                      key={channel}
                      checked={wanted(preferences, topic.id, channel)}
                      onChange={(on) => toggle(topic.id, channel, on)}
                    >
                      {CHANNEL_LABELS[channel]}
                      <Box as="span" srOnly>
                        {` for ${topic.label}`}
                      </Box>
                    </CheckboxField>
                  ))}
                </Flex>
              </Flex>
            </Box>
          ))}
        </Stack>
        {!isOnline && (
          <Text color="fg.muted" fontSize="sm">
            Saving your choices needs a connection.
          </Text>
        )}
        <Box>
          <Button type="submit" colorPalette="brand" loading={isSaving} disabled={!isOnline}>
            Save Notification Choices
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
