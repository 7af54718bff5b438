/**
 * One claim: its details, its photos (and whether each has reached the server), and the
 * next step with a confirmation (a rejection asks for the reason). Steps need the server,
 * which checks the claim's state and tells the policy holder: offline, the dialog says so
 * and offers none. A claim recorded on this device offline can still be edited.
 */
import {
  CLAIM_STEP_NEEDS_CONNECTION,
  type ClaimStep,
  EDITABLE_CLAIM_STATUSES,
  nextSteps,
  STEP_RULES,
} from '#domain/insurance/claim-steps';
import { Alert, Badge, Box, Button, HStack, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { NOT_LOADED } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { claimRules } from './claim-changes';
import { DetailsList } from '../../components/details-list';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime, formatDay } from '../../components/format-date-time';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import type {
  LocalClaimPhotoFile,
  LocalInsuranceClaim,
  LocalInsuranceCustomer,
  LocalInsurancePolicy,
} from '../../store/database';
import { stepClaim } from './claim-api';
import { claimAmountRows, StepAmountFields, stepRequestOf, useStepAmounts } from './claim-money';
import { ClaimPhoto, ClaimStatusBadge } from './claim-parts';

const STEP_QUESTIONS: Record<ClaimStep, string> = {
  assess: 'Start assessing this claim? The policy holder is told that it is being assessed.',
  assessment:
    'Record what the assessment found the damage to be worth. It may be recorded again until the claim is decided.',
  approve:
    'Approve this claim for the amount below? It is at most the assessed amount and the amount claimed. The policy holder is told the amount, and the claim then waits to be paid.',
  reject: 'Reject this claim? The policy holder is told, with the reason. A rejected claim is closed.',
  pay: 'Record how the approved amount was paid. The policy holder is told the amount, how and when. A paid claim is closed.',
};

export interface ClaimDetailDialogProps {
  claim: LocalInsuranceClaim;
  policy: LocalInsurancePolicy | undefined;
  holder: LocalInsuranceCustomer | undefined;
  photoFiles: readonly LocalClaimPhotoFile[];
  onEdit: () => void;
  onClose: () => void;
}

export function ClaimDetailDialog({ claim, policy, holder, photoFiles, onEdit, onClose }: ClaimDetailDialogProps) {
  const isOnline = useOnlineStatus();
  const [confirming, setConfirming] = useState<ClaimStep | null>(null);
  const fileBySha = new Map(photoFiles.map((file) => [file.sha256, file]));
  // Photos listed by the claim, and any taken here whose claim change has not been sent yet.
  const listed = new Set(claim.photos.map((photo) => photo.sha256));
  const photos = [
    ...claim.photos,
    ...photoFiles
      .filter((file) => !listed.has(file.sha256))
      .map((file) => ({
        sha256: file.sha256,
        size: file.size,
        width: file.width,
        height: file.height,
        isComplete: false,
      })),
  ];
  const isOnServer = claim.claimNumber !== '' && claim.syncState !== 'pending';
  const steps = nextSteps(claim.status);

  const photoState = (sha256: string, isComplete: boolean) => {
    const file = fileBySha.get(sha256);
    if (isComplete || file?.state === 'uploaded') return { label: 'On the server', colour: 'green' };
    if (file) return { label: 'Waiting to upload', colour: 'orange' };
    return { label: 'Not yet uploaded from the device that took it', colour: 'gray' };
  };

  return (
    <AppDialog
      title={claim.claimNumber ? `Claim ${claim.claimNumber}` : 'Claim (not yet numbered)'}
      isOpen
      onClose={onClose}
      footer={
        <>
          {EDITABLE_CLAIM_STATUSES.includes(claim.status) && (
            <Button variant="outline" onClick={onEdit}>
              Edit Claim
            </Button>
          )}
          {steps.map((step) => (
            <Button
              key={step}
              colorPalette={step === 'reject' ? 'red' : 'brand'}
              variant={step === 'reject' ? 'outline' : 'solid'}
              onClick={() => setConfirming(step)}
              disabled={!isOnline || !isOnServer}
            >
              {STEP_RULES[step].label}
            </Button>
          ))}
        </>
      }
    >
      <Stack gap="4">
        {steps.length > 0 && !isOnline && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{CLAIM_STEP_NEEDS_CONNECTION}</Alert.Title>
          </Alert.Root>
        )}
        {!isOnServer && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              Saved on this device: the claim is numbered when it reaches the server, and its next steps open then.
            </Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="2">
          <ClaimStatusBadge status={claim.status} />
        </HStack>
        <DetailsList
          rows={[
            ['Policy', policy ? `${policy.policyNumber} (${policy.type})` : '—'],
            ['Policy holder', holder?.name ?? '—'],
            ['Plate', claim.plateNumber],
            ['Incident', `${formatDay(claim.incidentDate)}, ${claim.incidentPlace}`],
            ['Other party’s plate', claim.otherPartyPlate ?? 'Not given'],
            ['Description', claim.description],
            ...(claim.rejectReason ? ([['Reason for rejection', claim.rejectReason]] as const) : []),
            ...claimAmountRows(claim),
            ['Recorded', formatDateTime(claim.createdAt)],
            ...(claim.assessedAt ? ([['Assessment started', formatDateTime(claim.assessedAt)]] as const) : []),
            ...(claim.decidedAt
              ? ([[claim.status === 'Rejected' ? 'Rejected' : 'Approved', formatDateTime(claim.decidedAt)]] as const)
              : []),
            ...(claim.paidAt ? ([['Paid', formatDateTime(claim.paidAt)]] as const) : []),
          ]}
        />
        <Stack gap="2">
          <Text fontWeight="medium">Photos ({photos.length})</Text>
          {photos.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No photos. Edit the claim to take some.
            </Text>
          ) : (
            <SimpleGrid
              columns={{ base: 2, sm: 3 }}
              gap="3"
              as="ul"
              listStyleType="none"
              aria-label="Photos of the claim"
            >
              {photos.map((photo, index) => {
                const state = photoState(photo.sha256, photo.isComplete);
                return (
                  <Box as="li" key={photo.sha256}>
                    <ClaimPhoto
                      claimId={claim.id}
                      sha256={photo.sha256}
                      blob={fileBySha.get(photo.sha256)?.blob}
                      isOnServer={photo.isComplete}
                      alt={`Photo ${index + 1} of claim ${claim.claimNumber || 'not yet numbered'}`}
                    />
                    <Badge mt="1" colorPalette={state.colour} variant="subtle" whiteSpace="normal">
                      {state.label}
                    </Badge>
                  </Box>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
      {confirming && <ConfirmStepDialog claim={claim} step={confirming} onClose={() => setConfirming(null)} />}
    </AppDialog>
  );
}

function ConfirmStepDialog({
  claim,
  step,
  onClose,
}: {
  claim: LocalInsuranceClaim;
  step: ClaimStep;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [message, setMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const amounts = useStepAmounts(claim, step);
  const rule = STEP_RULES[step];

  async function confirm() {
    setMessage(null);
    let request: Parameters<typeof stepClaim>[1];
    if (step === 'reject') {
      const checked = await checkWithRules(
        claimRules.load().then((rules) => rules.rejectClaimSchema),
        { reason },
      );
      if (!checked) return setMessage(NOT_LOADED);
      if (!checked.ok) {
        setReasonError(checked.errors.reason);
        return;
      }
      request = { step, reason: checked.value.reason };
    } else if (step === 'assess') request = { step };
    else {
      // The same rules as the server's, so a wrong amount is refused before it is sent.
      const checked = stepRequestOf(claim, step, amounts.values, amounts.today);
      if (!checked.ok) {
        amounts.setErrors(checked.errors);
        return;
      }
      request = checked.request;
    }
    setSubmitting(true);
    try {
      const answer = await stepClaim(claim.id, request);
      if (answer.ok) {
        showToast({ type: 'success', title: `Claim ${answer.claim.claimNumber} is now ${answer.claim.status}` });
        onClose();
      } else {
        setMessage(answer.message);
        if (answer.fields.reason) setReasonError(answer.fields.reason);
        amounts.setErrors(answer.fields);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AppDialog
      title={`${rule.label}: ${claim.claimNumber}`}
      isOpen
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Go Back
          </Button>
          <Button
            type="submit"
            form="claim-step-form"
            colorPalette={step === 'reject' ? 'red' : 'brand'}
            loading={isSubmitting}
          >
            {rule.label}
          </Button>
        </>
      }
    >
      <form
        id="claim-step-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="4">
          <FormMessage message={message} />
          <Text>{STEP_QUESTIONS[step]}</Text>
          <StepAmountFields claim={claim} step={step} amounts={amounts} />
          {step === 'reject' && (
            <FormField label="Reason" error={reasonError} required>
              <Textarea
                value={reason}
                maxLength={500}
                rows={3}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(undefined);
                }}
              />
            </FormField>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
