/**
 * The header's bell: the real number of the user's unread notifications, read from
 * the device's copy; opening the list marks them read (through the outbox, so it
 * works offline too).
 */
import { Box, Float, IconButton, Stack, Text } from '@chakra-ui/react';
import { useStoreQuery } from '../store/use-store-query';
import { useEffect, useState } from 'react';
import { BellIcon } from '../components/icons';
import { formatDateTime } from '../components/format-date-time';
import { db, type LocalNotification } from '../store/database';
import { mutate } from '../store/mutate';
import { startSync } from '../sync/sync-engine';
import { SlideInMenu } from './slide-in-menu';

async function markRead(notifications: readonly LocalNotification[]): Promise<void> {
  const readAt = new Date().toISOString();
  for (const notification of notifications) {
    await mutate(db, { intent: 'markNotificationsRead', table: 'notifications', row: { ...notification, readAt }, payload: { ids: [notification.id] } });
  }
}

export function NotificationsButton() {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => startSync(), []);
  const notifications = useStoreQuery((db) => db.notifications.orderBy('createdAt').reverse().toArray()) ?? [];
  const unread = notifications.filter((notification) => notification.readAt === null);
  const label = unread.length === 0 ? 'Notifications, none unread' : `Notifications, ${unread.length} unread`;

  function open(next: boolean) {
    setOpen(next);
    if (next && unread.length > 0) void markRead(unread);
  }

  return (
    <>
      <IconButton variant="ghost" aria-label={label} aria-haspopup="dialog" aria-expanded={isOpen} position="relative" onClick={() => open(true)}>
        <BellIcon />
        {unread.length > 0 && (
          <Float placement="top-end" offset="2">
            <Box as="span" aria-hidden minW="4.5" h="4.5" px="1" rounded="full" bg="red.600" color="white" fontSize="2xs" fontWeight="bold" lineHeight="4.5" textAlign="center">
              {unread.length > 99 ? '99+' : unread.length}
            </Box>
          </Float>
        )}
      </IconButton>
      <SlideInMenu title="Notifications" placement="end" isOpen={isOpen} onOpenChange={open}>
        {notifications.length === 0 ? (
          <Text color="fg.muted">No notifications yet.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {notifications.map((notification) => (
              <Box as="li" key={notification.id} borderWidth="1px" rounded="md" p="3" bg={unread.some((item) => item.id === notification.id) ? 'brand.subtle' : undefined}>
                <Text fontWeight="semibold">{notification.title}</Text>
                <Text fontSize="sm">{notification.body}</Text>
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {formatDateTime(notification.createdAt)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </SlideInMenu>
    </>
  );
}
