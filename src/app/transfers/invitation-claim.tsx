/**
 * An invitation's link (/dashboard/user/plates?invitation=…) opened signed in: the plate
 * offered becomes this account's to accept or decline, which Pending transfers then lists.
 * It needs a connection; offline it says so and keeps the link until the device is back.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showToast } from '../components/toast';
import { useOnlineStatus } from '../components/use-online-status';
import { claimInvitation } from './transfer-api';

export const INVITATION_OFFLINE =
  'You opened a plate transfer invitation. It opens once this device is back online: keep this page open.';

export function InvitationClaim() {
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation');
  const isOnline = useOnlineStatus();
  const [problem, setProblem] = useState<string | null>(null);
  const claiming = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !isOnline || claiming.current === token) return;
    claiming.current = token;
    void claimInvitation(token).then((answer) => {
      if (answer.ok) {
        showToast({
          type: 'success',
          title: `${answer.transfer.fromName} offers you plate ${answer.transfer.plateNumber}: accept or decline it under Pending transfers`,
        });
        const next = new URLSearchParams(params);
        next.delete('invitation');
        setParams(next, { replace: true });
      } else setProblem(answer.message);
    });
  }, [token, isOnline, params, setParams]);

  if (!token) return null;
  if (!isOnline && !problem) {
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Description>{INVITATION_OFFLINE}</Alert.Description>
      </Alert.Root>
    );
  }
  if (!problem) return null;
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Description>{problem}</Alert.Description>
      <Button
        size="sm"
        variant="ghost"
        ms="auto"
        onClick={() => {
          const next = new URLSearchParams(params);
          next.delete('invitation');
          setParams(next, { replace: true });
          setProblem(null);
        }}
      >
        Dismiss
      </Button>
    </Alert.Root>
  );
}
