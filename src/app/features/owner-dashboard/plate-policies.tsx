/**
 * Every policy on the owner's registered plate (in the plate's View): its number, cover,
 * insurer, holder and term, and the claims made on it with their amounts (read-only), from
 * the device's copy of the plate. One the owner does not
 * recognise can be disputed (online): the registry's administrator reviews it and the
 * insurer is told; the policy then reads "Disputed on …".
 */
import { MAX_DISPUTE_NOTE_LENGTH } from '#domain/insurance/owner-consent';
import type { OwnerCoverTerm } from '#domain/registry/cover';
import { termCovers } from '#domain/registry/cover';
import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { formatDay } from '../../components/format-date-time';
import { FormMessage } from '../../components/form-message';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { disputePolicy } from './insurance-api';
import { PolicyClaims } from './policy-claims';

function termState(term: OwnerCoverTerm, today: string): { label: string; palette: 'green' | 'gray' | 'blue' } {
  if (termCovers(term, today)) return { label: 'Active', palette: 'green' };
  return term.startDate > today ? { label: 'Starts later', palette: 'blue' } : { label: 'Ended', palette: 'gray' };
}

function DisputeForm({ term, onDone, onCancel }: { term: OwnerCoverTerm; onDone: () => void; onCancel: () => void }) {
  const isOnline = useOnlineStatus();
  const [note, setNote] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // The button that opened the form is gone: the keyboard goes to the form.
  useEffect(() => noteRef.current?.focus(), []);
  async function send() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await disputePolicy(term.policyNumber, note);
      if (!answer.ok) {
        setMessage(answer.message);
        return;
      }
      showToast({ type: 'success', title: `${term.policyNumber} disputed`, description: answer.message });
      onDone();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="2" mt="2">
      <Field.Root>
        <Field.Label>What do you know of it? (optional)</Field.Label>
        <Textarea
          ref={noteRef}
          value={note}
          rows={2}
          maxLength={MAX_DISPUTE_NOTE_LENGTH}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Field.HelperText>
          The registry’s administrator reviews a disputed policy, and the insurer is told.
        </Field.HelperText>
      </Field.Root>
      <FormMessage message={message} />
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="red" loading={isBusy} disabled={!isOnline} onClick={() => void send()}>
          {isOnline ? 'Send dispute' : 'Needs a connection'}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Keep it
        </Button>
      </HStack>
    </Stack>
  );
}

export function PlatePolicies({ terms, today }: { terms: readonly OwnerCoverTerm[]; today: string }) {
  const [disputing, setDisputing] = useState<string | null>(null);
  const [disputedHere, setDisputedHere] = useState<ReadonlySet<string>>(new Set());
  if (terms.length === 0) return <Text color="fg.muted">No policy has been issued on this plate.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="plate-policies">
      {[...terms].reverse().map((term) => {
        const state = termState(term, today);
        const disputedAt = term.disputedAt ?? (disputedHere.has(term.policyNumber) ? today : null);
        return (
          <Box as="li" key={term.policyNumber} borderWidth="1px" rounded="md" p="3">
            <HStack gap="2" wrap="wrap" justify="space-between">
              <HStack gap="2" wrap="wrap">
                <Text fontFamily="mono" fontWeight="semibold">
                  {term.policyNumber}
                </Text>
                <Badge colorPalette={state.palette} variant="subtle">
                  {state.label}
                </Badge>
                {disputedAt && (
                  <Badge colorPalette="red" variant="subtle">
                    Disputed on {formatDay(disputedAt)}
                  </Badge>
                )}
              </HStack>
              {!disputedAt && disputing !== term.policyNumber && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Dispute ${term.policyNumber}`}
                  onClick={() => setDisputing(term.policyNumber)}
                >
                  Not mine? Dispute
                </Button>
              )}
            </HStack>
            <Text fontSize="sm" mt="1">
              {term.type} by {term.insurer}
              {term.holder ? ` for ${term.holder}` : ''}, {formatDay(term.startDate)} – {formatDay(term.endDate)}
            </Text>
            {disputedAt && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                The registry’s administrator is reviewing it, and the insurer has been told.
              </Text>
            )}
            <PolicyClaims policyNumber={term.policyNumber} claims={term.claims ?? []} />
            {disputing === term.policyNumber && !disputedAt && (
              <DisputeForm
                term={term}
                onCancel={() => setDisputing(null)}
                onDone={() => {
                  setDisputing(null);
                  setDisputedHere((current) => new Set([...current, term.policyNumber]));
                }}
              />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
