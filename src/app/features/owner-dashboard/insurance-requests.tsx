/**
 * Insurance requests on the owner's dashboard: an insurance agent asking whether a customer
 * record is this account's holder (Accept links it, and the agent then sees the plates
 * registered to the account), or asking the owner's consent to insure one of their plates
 * for a driver. Nothing is linked or insured until they accept. Read and answered online;
 * shows nothing when nothing waits, or while offline.
 */
import { type InsuranceRequest, requestText } from '#domain/insurance/owner-consent';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../components/format-date-time';
import { FormMessage } from '../../components/form-message';
import { Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { answerInsuranceRequest, fetchInsuranceRequests } from './insurance-api';

function RequestRow({ request, onAnswered }: { request: InsuranceRequest; onAnswered: () => void }) {
  const isOnline = useOnlineStatus();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  async function answer(choice: 'accept' | 'decline') {
    setBusy(choice);
    setMessage(null);
    try {
      const answered = await answerInsuranceRequest(request.id, choice);
      if (!answered.ok) {
        setMessage(answered.message);
        return;
      }
      const what =
        request.kind === 'link'
          ? `${request.insurer}'s customer link`
          : `${request.insurer}'s request for ${request.plateNumber ?? ''}`;
      showToast({ type: 'success', title: choice === 'accept' ? `You accepted ${what}` : `You declined ${what}` });
      onAnswered();
    } finally {
      setBusy(null);
    }
  }
  const label = request.kind === 'link' ? 'Customer link' : `Consent for ${request.plateNumber ?? ''}`;
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="insurance-request">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="blue" variant="subtle">
          {label}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {request.insurer} · {formatDateTime(request.createdAt)}
        </Text>
      </HStack>
      <Text fontSize="sm">{requestText(request)}</Text>
      <FormMessage message={message} />
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          loading={busy === 'accept'}
          disabled={!isOnline || busy !== null}
          aria-label={`Accept: ${label} from ${request.insurer}`}
          onClick={() => void answer('accept')}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={busy === 'decline'}
          disabled={!isOnline || busy !== null}
          aria-label={`Decline: ${label} from ${request.insurer}`}
          onClick={() => void answer('decline')}
        >
          Decline
        </Button>
      </HStack>
    </Stack>
  );
}

export function InsuranceRequests() {
  const isOnline = useOnlineStatus();
  const [requests, setRequests] = useState<InsuranceRequest[] | null>(null);
  const load = useCallback(async () => setRequests(await fetchInsuranceRequests()), []);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchInsuranceRequests().then((answer) => isCurrent && setRequests(answer));
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);
  if (!requests || requests.length === 0) return null;
  return (
    <Section title="Insurance requests" headingId="insurance-requests-heading">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Insurance agents ask before they link your account or insure your plate for someone else. Nothing changes
          until you accept.
        </Text>
        <Stack as="ul" gap="3" listStyleType="none">
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} onAnswered={() => void load()} />
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}
