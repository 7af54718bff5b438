/**
 * Changes the server refused, with its reasons: each can be edited and sent again
 * (the form it came from opens with it) or discarded. Shown in the dashboard header
 * whenever there is at least one; nothing refused is ever dropped silently.
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useStoreQuery } from '../store/use-store-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../components/format-date-time';
import type { OutboxEntry } from '../store/database';
import { discardRejected } from '../sync/submit-change';
import { SlideInMenu } from './slide-in-menu';

/** What each kind of change is called, and the form that can correct it. */
const INTENT_FORMS: Record<string, { label: string; path?: string }> = {
  recordWhitebookEntry: { label: 'Whitebook entry', path: '/dashboard/agent/whitebook' },
  recordManufacturing: { label: 'Manufacturing details', path: '/dashboard/agent/manufacturing' },
  recordInventoryItem: { label: 'Inventory item', path: '/dashboard/agent/inventory' },
  recordSpoiledBlank: { label: 'Spoiled blank', path: '/dashboard/agent/inventory' },
  sendContactMessage: { label: 'Contact message' },
  addUser: { label: 'New user' },
  editUser: { label: 'User change' },
  deleteUser: { label: 'User deletion' },
  updateProfile: { label: 'Profile change' },
  markNotificationsRead: { label: 'Notification read' },
  saveVehicle: { label: 'Vehicle', path: '/dashboard/user/vehicles' },
  removeVehicle: { label: 'Vehicle removal' },
  saveDriver: { label: 'Driver', path: '/dashboard/user/vehicles' },
  removeDriver: { label: 'Driver removal' },
  saveCustomer: { label: 'Customer', path: '/dashboard/insurance-agent/customers' },
  saveClaim: { label: 'Claim', path: '/dashboard/insurance-agent/claims' },
  saveAllocation: { label: 'Inventory allocation', path: '/dashboard/admin/inventory' },
  deleteAllocation: { label: 'Allocation deletion' },
};

function summaryOf(entry: OutboxEntry): string | null {
  const payload = entry.payload as Record<string, unknown> | null;
  for (const key of ['plateNumber', 'name', 'email', 'batchNumber', 'serial']) {
    const value = payload?.[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

export function NeedsAttention() {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const refused = useStoreQuery((db) => db.outbox.where('status').equals('rejected').sortBy('createdAt')) ?? [];
  if (refused.length === 0) return null;

  return (
    <>
      <Button size="xs" colorPalette="red" variant="subtle" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {refused.length} need{refused.length === 1 ? 's' : ''} attention
      </Button>
      <SlideInMenu title="Needs attention" placement="end" isOpen={isOpen} onOpenChange={setOpen}>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            The server did not accept these changes. They are kept on this device until you correct or discard them.
          </Text>
          <Stack as="ul" gap="3" listStyleType="none">
            {refused.map((entry) => {
              const form = INTENT_FORMS[entry.intent] ?? { label: entry.intent };
              const summary = summaryOf(entry);
              return (
                <Box as="li" key={entry.id} borderWidth="1px" borderColor="red.200" rounded="md" p="3">
                  <HStack justify="space-between" align="flex-start" gap="2">
                    <Text fontWeight="semibold">
                      {form.label}
                      {summary && ` · ${summary}`}
                    </Text>
                    <Badge colorPalette="red" variant="subtle">
                      Refused
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" mt="1">
                    {entry.rejection ?? 'The server did not accept this change.'}
                  </Text>
                  {entry.rejectionFields && (
                    <Stack as="ul" gap="0.5" mt="1" fontSize="sm" color="fg.error" ps="4">
                      {Object.entries(entry.rejectionFields).map(([field, message]) => (
                        <li key={field}>{message}</li>
                      ))}
                    </Stack>
                  )}
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    Made {formatDateTime(new Date(entry.createdAt).toISOString())}
                  </Text>
                  <HStack gap="2" mt="2">
                    {form.path && (
                      <Button
                        size="xs"
                        colorPalette="brand"
                        onClick={() => {
                          setOpen(false);
                          navigate(`${form.path}?fix=${encodeURIComponent(entry.id)}`);
                        }}
                      >
                        Edit and resubmit
                      </Button>
                    )}
                    <Button size="xs" variant="outline" onClick={() => void discardRejected(entry.id)}>
                      Discard
                    </Button>
                  </HStack>
                </Box>
              );
            })}
          </Stack>
        </Stack>
      </SlideInMenu>
    </>
  );
}
