/**
 * The header's bell: the real number of the user's unread notifications, read from the
 * device's copy, and the list of them in a slide-in. Each unread one can be marked read,
 * or all at once; following a notification's link marks it read, goes there and closes
 * the list. Marking read goes through the outbox (mutate), so it works offline too.
 */
import { Badge, Box, Button, Float, HStack, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BellIcon } from '../components/icons';
import { formatDateTime } from '../components/format-date-time';
import { showToast } from '../components/toast';
import { db, type LocalNotification, type NambalaDatabase } from '../store/database';
import { mutate } from '../store/mutate';
import { useStoreQuery } from '../store/use-store-query';
import { startSync } from '../sync/sync-engine';
import { SlideInMenu } from './slide-in-menu';

/** Marks notifications read on this device, each with its outbox entry for the server (markNotificationsRead). */
export async function markNotificationsRead(
  database: NambalaDatabase,
  notifications: readonly LocalNotification[],
  readAt: string,
): Promise<void> {
  for (const notification of notifications) {
    if (notification.readAt !== null) continue;
    await mutate(database, {
      intent: 'markNotificationsRead',
      table: 'notifications',
      row: { ...notification, readAt },
      payload: { ids: [notification.id] },
    });
  }
}

function markRead(notifications: readonly LocalNotification[]): Promise<void> {
  return markNotificationsRead(db, notifications, new Date().toISOString()).catch(() =>
    showToast({
      type: 'error',
      title: 'Could not mark as read',
      description: 'This device could not save the change. Please try again.',
    }),
  );
}

export function unreadLabel(count: number): string {
  return count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;
}

function NotificationItem({
  notification,
  onFollow,
  onMarkRead,
  itemRef,
}: {
  notification: LocalNotification;
  onFollow: () => void;
  onMarkRead: () => void;
  itemRef: (element: HTMLLIElement | null) => void;
}) {
  const isUnread = notification.readAt === null;
  const titleId = `notification-${notification.id}-title`;
  return (
    <Box
      as="li"
      ref={itemRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      borderWidth="1px"
      rounded="md"
      p="3"
      bg={isUnread ? 'brand.subtle' : undefined}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600' }}
    >
      <HStack justify="space-between" align="flex-start" gap="2">
        <Text fontWeight="semibold" id={titleId} minW="0" overflowWrap="anywhere">
          {notification.link ? (
            <ChakraLink asChild color="brand.fg">
              <Link to={notification.link} onClick={onFollow}>
                {notification.title}
              </Link>
            </ChakraLink>
          ) : (
            notification.title
          )}
        </Text>
        {isUnread && (
          <Badge colorPalette="brand" variant="solid" size="sm" flexShrink={0}>
            Unread
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm" mt="1">
        {notification.body}
      </Text>
      <HStack justify="space-between" align="center" mt="2" gap="2" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(notification.createdAt)}
        </Text>
        {isUnread && (
          <Button size="xs" variant="outline" onClick={onMarkRead} aria-label={`Mark as read: ${notification.title}`}>
            Mark as read
          </Button>
        )}
      </HStack>
    </Box>
  );
}

export function NotificationsButton() {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => startSync(), []);
  const notifications = useStoreQuery((db) => db.notifications.orderBy('createdAt').reverse().toArray()) ?? [];
  const unread = notifications.filter((notification) => notification.readAt === null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const summary = useRef<HTMLParagraphElement>(null);

  // The button pressed disappears once its notification is read: focus stays on that notification.
  const markOne = (notification: LocalNotification) => {
    items.current.get(notification.id)?.focus();
    void markRead([notification]);
  };
  // "Mark all as read" disappears too: focus moves to the line that now says none is unread.
  const markAll = () => {
    summary.current?.focus();
    void markRead(unread);
  };
  const follow = (notification: LocalNotification) => {
    setOpen(false);
    if (notification.readAt === null) void markRead([notification]);
  };

  return (
    <>
      <IconButton
        variant="ghost"
        aria-label={unreadLabel(unread.length)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        position="relative"
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {unread.length > 0 && (
          <Float placement="top-end" offset="2">
            <Box
              as="span"
              aria-hidden
              minW="4.5"
              h="4.5"
              px="1"
              rounded="full"
              bg="red.600"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="1.125rem"
              textAlign="center"
            >
              {unread.length > 99 ? '99+' : unread.length}
            </Box>
          </Float>
        )}
      </IconButton>
      <SlideInMenu title="Notifications" placement="end" isOpen={isOpen} onOpenChange={setOpen}>
        {notifications.length === 0 ? (
          <Text color="fg.muted">No notifications yet.</Text>
        ) : (
          <Stack gap="3">
            <HStack justify="space-between" align="center" gap="2" wrap="wrap">
              <Text
                ref={summary}
                tabIndex={-1}
                role="status"
                fontSize="sm"
                color="fg.muted"
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600' }}
              >
                {unread.length === 0 ? 'All read' : `${unread.length} unread`}
              </Text>
              {unread.length > 0 && (
                <Button size="sm" variant="outline" colorPalette="brand" onClick={markAll}>
                  Mark all as read
                </Button>
              )}
            </HStack>
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Notifications">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onFollow={() => follow(notification)}
                  onMarkRead={() => markOne(notification)}
                  itemRef={(element) => {
                    if (element) items.current.set(notification.id, element);
                    else items.current.delete(notification.id);
                  }}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </SlideInMenu>
    </>
  );
}
