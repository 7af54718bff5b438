/**
 * Sent messages (/dashboard/admin/messages): every SMS and email the server has sent to users
 * (or is still trying to), newest first, with the text as sent (an email's HTML part too,
 * in a sandboxed frame: email-preview.tsx) and how it went. With the
 * embedded sandbox provider nothing leaves the server, and this is where its messages are
 * read. Read from the server a page at a time; offline the page says it needs a connection.
 */
import type { SentMessage } from '#domain/messages/sent-message';
import { Alert, Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { useOnlineStatus } from '../../components/use-online-status';
import { EmailPreview } from './email-preview';
import { SENT_MESSAGES_OFFLINE } from './sent-messages-api';
import { useSentMessages } from './use-sent-messages';

const CHANNEL_LABELS: Record<SentMessage['channel'], string> = { sms: 'SMS', email: 'Email' };
const STATUS_LABELS: Record<SentMessage['status'], { label: string; palette: string }> = {
  queued: { label: 'Queued', palette: 'orange' },
  sent: { label: 'Sent', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};

/** How delivery went, in a line: when it was sent, or what failed and what happens next. */
export function deliveryLine(message: SentMessage): string {
  if (message.status === 'sent')
    return `Sent ${formatDateTime(message.sentAt)} by ${message.provider ?? 'the provider'}${message.providerRef ? ` (${message.providerRef})` : ''}`;
  const tries = `${message.attempts} ${message.attempts === 1 ? 'try' : 'tries'}`;
  if (message.status === 'failed') return `Given up after ${tries}: ${message.error ?? 'the provider refused it'}`;
  if (message.attempts === 0) return 'Waiting to be sent';
  return `${tries} so far, last failed: ${message.error ?? 'no answer'}. Next try ${formatDateTime(message.nextAttemptAt)}`;
}

function MessageItem({ message, itemRef }: { message: SentMessage; itemRef: (element: HTMLLIElement | null) => void }) {
  const status = STATUS_LABELS[message.status];
  const headingId = `message-${message.id}`;
  return (
    <Box
      as="li"
      ref={itemRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      borderWidth="1px"
      rounded="lg"
      p="4"
      minW="0"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600' }}
    >
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap" minW="0">
          <Badge variant="outline">{CHANNEL_LABELS[message.channel]}</Badge>
          <Badge colorPalette={status.palette} variant="subtle">
            {status.label}
          </Badge>
          <Text as="h3" id={headingId} fontWeight="semibold" overflowWrap="anywhere">
            <Text as="span" srOnly>
              {CHANNEL_LABELS[message.channel]} to{' '}
            </Text>
            {message.to}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {formatDateTime(message.createdAt)}
        </Text>
      </Flex>
      {message.subject && (
        <Text mt="2" fontWeight="medium" overflowWrap="anywhere">
          {message.subject}
        </Text>
      )}
      {message.inReplyTo && (
        <Text mt="2" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          In reply to a text from {message.inReplyTo.from}, {formatDateTime(message.inReplyTo.receivedAt)}: “
          {message.inReplyTo.body}”
        </Text>
      )}
      <Text mt="2" fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {message.body}
      </Text>
      {message.html && <EmailPreview html={message.html} subject={message.subject} />}
      <Text mt="2" fontSize="xs" color={message.status === 'failed' ? 'fg.error' : 'fg.muted'}>
        {deliveryLine(message)}
      </Text>
    </Box>
  );
}

export function SentMessagesPage() {
  const isOnline = useOnlineStatus();
  const { status, messages, total, nextBefore, message, isLoadingMore, isRefreshing, loadMore, reload } =
    useSentMessages();
  const items = useRef(new Map<string, HTMLLIElement>());

  // The first of the older messages takes focus: the button pressed is gone after the last page.
  const showOlder = async () => {
    const firstId = await loadMore();
    if (firstId) requestAnimationFrame(() => items.current.get(firstId)?.focus());
  };

  return (
    <Stack gap="6">
      <PageHeader
        title="Sent messages"
        summary="SMS and email sent to users about their payments, applications and plates, newest first. With the sandbox provider (the default) nothing leaves this server: every message is kept here to read."
      />
      {!isOnline && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {messages.length > 0
              ? `This device is offline: the messages below are as they were when last read. ${SENT_MESSAGES_OFFLINE}`
              : SENT_MESSAGES_OFFLINE}
          </Alert.Description>
        </Alert.Root>
      )}
      <Section
        title="Messages"
        headingId="sent-messages-heading"
        aside={
          <Button
            size="sm"
            variant="outline"
            onClick={reload}
            loading={isRefreshing}
            loadingText="Refreshing…"
            disabled={!isOnline || status === 'loading'}
          >
            Refresh
          </Button>
        }
      >
        <Stack gap="4" aria-live="polite">
          {message && isOnline && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{message}</Alert.Description>
            </Alert.Root>
          )}
          {status === 'loading' && isOnline ? (
            <LoadingNote>Loading sent messages…</LoadingNote>
          ) : status === 'ready' && messages.length === 0 ? (
            <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
              <Text fontWeight="medium">No messages yet</Text>
              <Text color="fg.muted" fontSize="sm" mt="1">
                Messages appear here when users are told of payments, applications and their plates.
              </Text>
            </Box>
          ) : messages.length > 0 ? (
            <>
              <Text fontSize="sm" color="fg.muted">
                Showing {messages.length} of {total} {total === 1 ? 'message' : 'messages'}
              </Text>
              <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="sent-messages-heading">
                {messages.map((sent) => (
                  <MessageItem
                    key={sent.id}
                    message={sent}
                    itemRef={(element) => {
                      if (element) items.current.set(sent.id, element);
                      else items.current.delete(sent.id);
                    }}
                  />
                ))}
              </Stack>
              {nextBefore && (
                <Button
                  alignSelf="center"
                  variant="outline"
                  onClick={() => void showOlder()}
                  loading={isLoadingMore}
                  loadingText="Loading older messages…"
                  disabled={!isOnline}
                >
                  Show older messages
                </Button>
              )}
            </>
          ) : null}
        </Stack>
      </Section>
    </Stack>
  );
}
