/**
 * Transfers waiting for a decision, from the device's copy (so it reads offline, as of the
 * last sync): plates offered to you, with Accept and Decline, and plates you are handing
 * on, with Cancel. Deciding needs a connection. Shows nothing when nothing is waiting.
 */
import type { PlateTransfer } from '#domain/plates/transfer';
import { transferActionsFor } from '#domain/plates/transfer-steps';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../components/app-dialog';
import { formatDateTime } from '../components/format-date-time';
import { FormMessage } from '../components/form-message';
import { Section } from '../components/page-parts';
import { showToast } from '../components/toast';
import { useOnlineStatus } from '../components/use-online-status';
import { useSession } from '../session/use-session';
import { useStoreQuery } from '../store/use-store-query';
import { AcceptTransferDialog } from './accept-transfer-dialog';
import { cancelTransfer, declineTransfer } from './transfer-api';

type Confirming = { transfer: PlateTransfer; action: 'cancel' | 'decline' } | null;

const CONFIRM = {
  cancel: {
    title: (transfer: PlateTransfer) => `Cancel the transfer of ${transfer.plateNumber}?`,
    body: (transfer: PlateTransfer) =>
      `${transfer.toName ?? transfer.toContact} will no longer be able to accept it. The plate stays yours.`,
    button: 'Cancel transfer',
    done: (transfer: PlateTransfer) => `The transfer of ${transfer.plateNumber} was cancelled`,
  },
  decline: {
    title: (transfer: PlateTransfer) => `Decline plate ${transfer.plateNumber}?`,
    body: (transfer: PlateTransfer) => `${transfer.fromName} keeps the plate and is told you declined it.`,
    button: 'Decline',
    done: (transfer: PlateTransfer) => `You declined plate ${transfer.plateNumber}`,
  },
} as const;

function ConfirmDialog({ confirming, onClose }: { confirming: NonNullable<Confirming>; onClose: () => void }) {
  const isOnline = useOnlineStatus();
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const words = CONFIRM[confirming.action];
  async function confirm() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await (confirming.action === 'cancel' ? cancelTransfer : declineTransfer)(confirming.transfer.id);
      if (answer.ok) {
        showToast({ type: 'success', title: words.done(confirming.transfer) });
        onClose();
      } else setMessage(answer.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <AppDialog
      title={words.title(confirming.transfer)}
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button colorPalette="red" loading={isBusy} disabled={!isOnline} onClick={() => void confirm()}>
            {isOnline ? words.button : 'Needs a connection'}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{words.body(confirming.transfer)}</Text>
        <FormMessage message={message} />
      </Stack>
    </AppDialog>
  );
}

function TransferRow({
  transfer,
  userId,
  isOnline,
  onAccept,
  onConfirm,
}: {
  transfer: PlateTransfer;
  userId: string;
  isOnline: boolean;
  onAccept: () => void;
  onConfirm: (action: 'cancel' | 'decline') => void;
}) {
  const actions = transferActionsFor(transfer, userId);
  const isIncoming = actions.includes('accept');
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      gap="3"
      borderWidth="1px"
      rounded="md"
      p="3"
    >
      <Stack gap="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontFamily="mono" fontWeight="semibold">
            {transfer.plateNumber}
          </Text>
          <Badge colorPalette={isIncoming ? 'blue' : 'orange'} variant="subtle">
            {isIncoming ? 'Offered to you' : 'Waiting for the new owner'}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {isIncoming
            ? `From ${transfer.fromName}`
            : `To ${transfer.toName ? `${transfer.toName} (${transfer.toContact})` : transfer.toContact}`}{' '}
          · since {formatDateTime(transfer.createdAt)}
        </Text>
      </Stack>
      <HStack gap="2" flexShrink={0}>
        {isIncoming ? (
          <>
            <Button size="sm" colorPalette="brand" disabled={!isOnline} onClick={onAccept}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={!isOnline} onClick={() => onConfirm('decline')}>
              Decline
            </Button>
          </>
        ) : actions.includes('cancel') ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!isOnline}
            onClick={() => onConfirm('cancel')}
          >
            Cancel transfer
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

export function PendingTransfers() {
  const session = useSession();
  const isOnline = useOnlineStatus();
  const pending = useStoreQuery((db) => db.plateTransfers.where('status').equals('Pending').sortBy('createdAt'));
  const [accepting, setAccepting] = useState<PlateTransfer | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  if (session.status !== 'signed-in' || !pending || pending.length === 0) return null;
  const user = session.user;
  const incoming = pending.filter((transfer) => transfer.toUserId === user.id);
  const outgoing = pending.filter((transfer) => transfer.fromUserId === user.id);
  if (incoming.length + outgoing.length === 0) return null;
  return (
    <Section title="Pending transfers" headingId="pending-transfers-heading">
      <Stack gap="3">
        {!isOnline && (
          <Text color="fg.muted">
            Accepting, declining and cancelling a transfer need a connection. Shown as of the last sync.
          </Text>
        )}
        {[...incoming, ...outgoing].map((transfer) => (
          <TransferRow
            key={transfer.id}
            transfer={transfer}
            userId={user.id}
            isOnline={isOnline}
            onAccept={() => setAccepting(transfer)}
            onConfirm={(action) => setConfirming({ transfer, action })}
          />
        ))}
      </Stack>
      {accepting && (
        <AcceptTransferDialog transfer={accepting} defaultName={user.name} onClose={() => setAccepting(null)} />
      )}
      {confirming && <ConfirmDialog confirming={confirming} onClose={() => setConfirming(null)} />}
    </Section>
  );
}
