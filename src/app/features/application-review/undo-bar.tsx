/**
 * The Undo offered after an approve or reject, with the time it has left by the device's
 * clock; it goes when that time is up (the server would refuse it then anyway, and its
 * refusal is what counts if the two disagree).
 */
import { Alert, Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatLeft, offerMsLeft, type UndoOffer } from './undo-offer';

export function UndoBar({
  offer,
  isBusy,
  onUndo,
  onExpire,
  now = Date.now,
}: {
  offer: UndoOffer;
  isBusy: boolean;
  onUndo: () => void;
  onExpire: () => void;
  now?: () => number;
}) {
  const [left, setLeft] = useState(() => offerMsLeft(offer, now()));
  useEffect(() => {
    const tick = () => {
      const ms = offerMsLeft(offer, now());
      setLeft(ms);
      if (ms <= 0) onExpire();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [offer, now, onExpire]);
  if (left <= 0) return null;
  const what = offer.decision === 'approve' ? 'approval' : 'rejection';
  return (
    <Alert.Root status="info" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{offer.text}</Alert.Title>
        <Alert.Description>
          The applicant is told once the {what} can no longer be undone: {formatLeft(left)} left.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" loading={isBusy} loadingText="Undoing…" onClick={onUndo}>
        Undo
      </Button>
    </Alert.Root>
  );
}
