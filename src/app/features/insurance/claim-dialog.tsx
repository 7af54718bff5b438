/**
 * New Claim and Edit Claim: the policy, the incident's date and place, what happened, the
 * other party's plate (optional), and photos taken with the device camera or chosen from
 * its files. Works with no connection: each photo is resized and kept on the device the
 * moment it is taken, the claim goes through the one write path, and the photos follow
 * by upload once the server has the claim. Photos are only added, never removed.
 */
import type { ClaimFormValues } from '#domain/insurance/claim';
import { kwachaInputText, parseKwachaText } from '#domain/insurance/claim-amounts';
import {
  claimDateProblem,
  EDITABLE_CLAIM_STATUSES,
  MAX_PHOTOS_PER_CLAIM,
  MAX_PHOTO_SIDE,
  photoLimitMessage,
  storageRunningOut,
} from '#domain/insurance/claim-steps';
import {
  Alert,
  Box,
  Button,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { canOpenCamera, ClaimCamera } from './claim-camera';
import { FormField } from '../../components/form-field';
import { RecordFormDialog, useRecordValues } from '../../components/record-form-dialog';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type {
  LocalClaimPhotoFile,
  LocalInsuranceClaim,
  LocalInsuranceCustomer,
  LocalInsurancePolicy,
  OutboxEntry,
} from '../../store/database';
import { newId } from '../../store/new-id';
import { useStoreQuery } from '../../store/use-store-query';
import { claimRules, saveClaimMutation } from './claim-changes';
import { ClaimPhoto, STORAGE_LOW_MESSAGE, type StorageEstimate } from './claim-parts';
import { dropUnsavedPhotos, keepPhoto, photoFileId, uploadClaimPhotos } from './claim-photo-uploader';
import { PhotoNotReadable, preparePhoto } from './claim-photo-resize';

type FieldName = keyof ClaimFormValues | 'photos' | 'id' | 'form';

function formFromPayload(payload: unknown): ClaimFormValues {
  const source = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (key: keyof ClaimFormValues) => (typeof source[key] === 'string' ? source[key] : '');
  return {
    policyId: text('policyId'),
    incidentDate: text('incidentDate'),
    incidentPlace: text('incidentPlace'),
    description: text('description'),
    otherPartyPlate: text('otherPartyPlate'),
    claimedAmount:
      typeof source.claimedAmount === 'number' && Number.isSafeInteger(source.claimedAmount)
        ? kwachaInputText(source.claimedAmount as Parameters<typeof kwachaInputText>[0])
        : '',
  };
}

export interface ClaimDialogProps {
  /** null: New Claim. */
  claim: LocalInsuranceClaim | null;
  policies: readonly LocalInsurancePolicy[];
  customerById: ReadonlyMap<string, LocalInsuranceCustomer>;
  agentId: string;
  today: string;
  storage: StorageEstimate | null;
  fixing?: OutboxEntry;
  onClose: () => void;
}

export function ClaimDialog({
  claim,
  policies,
  customerById,
  agentId,
  today,
  storage,
  fixing,
  onClose,
}: ClaimDialogProps) {
  const isNew = claim === null && fixing === undefined;
  const [id] = useState(() => fixing?.rowId ?? claim?.id ?? newId());
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<FieldName>();
  const { values, change, fixErrors, clearFixErrors } = useRecordValues<ClaimFormValues, FieldName>(
    () =>
      fixing
        ? formFromPayload(fixing.payload)
        : claim
          ? {
              policyId: claim.policyId,
              incidentDate: claim.incidentDate,
              incidentPlace: claim.incidentPlace,
              description: claim.description,
              otherPartyPlate: claim.otherPartyPlate ?? '',
              claimedAmount: kwachaInputText(claim.claimedAmount ?? null),
            }
          : {
              policyId: '',
              incidentDate: today,
              incidentPlace: '',
              description: '',
              otherPartyPlate: '',
              claimedAmount: '',
            },
    fixing,
    clearError,
  );
  const [policySearch, setPolicySearch] = useState('');
  const [isPreparing, setPreparing] = useState(false);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const [isCameraOpen, setCameraOpen] = useState(false);
  /** Photos taken in this dialog: dropped again if it is cancelled. */
  const takenHere = useRef<string[]>([]);
  const cameraRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const shownErrors = { ...fixErrors, ...errors };
  // The photos of this claim kept on the device, those taken in this dialog included.
  const photoFiles: readonly LocalClaimPhotoFile[] =
    useStoreQuery((db) => db.claimPhotoFiles.where('claimId').equals(id).sortBy('createdAt'), [id]) ?? [];

  // The photos the claim lists: those the server knows, and those kept on this device.
  const known = new Map(
    (claim?.photos ?? []).map((photo) => [
      photo.sha256,
      {
        sha256: photo.sha256,
        size: photo.size,
        width: photo.width,
        height: photo.height,
        isComplete: photo.isComplete,
      },
    ]),
  );
  for (const file of photoFiles)
    if (!known.has(file.sha256))
      known.set(file.sha256, {
        sha256: file.sha256,
        size: file.size,
        width: file.width,
        height: file.height,
        isComplete: false,
      });
  const photos = [...known.values()];
  const fileBySha = new Map(photoFiles.map((file) => [file.sha256, file]));

  // Every policy is offered, ended and cancelled ones too: an incident may predate the end; its date is checked against the term.
  const choices = policies
    .filter((policy) => {
      if (policy.id === values.policyId) return true;
      const needle = policySearch.trim().toLowerCase().replace(/[\s-]/g, '');
      if (needle === '') return true;
      const holder = customerById.get(policy.customerId)?.name ?? '';
      return `${policy.policyNumber}${policy.plateNumber}${holder}`
        .toLowerCase()
        .replace(/[\s-]/g, '')
        .includes(needle);
    })
    .slice(0, 100);
  const policy = policies.find((candidate) => candidate.id === values.policyId);
  const isLow = storage !== null && storageRunningOut(storage);

  async function addPhotos(files: FileList | readonly File[] | null) {
    if (!files || files.length === 0) return;
    setPhotoMessage(null);
    clearError('photos');
    setPreparing(true);
    let count = photos.length;
    try {
      for (const file of Array.from(files)) {
        if (count >= MAX_PHOTOS_PER_CLAIM) {
          setPhotoMessage(photoLimitMessage);
          break;
        }
        try {
          const prepared = await preparePhoto(file);
          if (await keepPhoto(id, prepared)) {
            takenHere.current.push(photoFileId(id, prepared.sha256));
            count += 1;
          } else setPhotoMessage('That photo is already on this claim.');
        } catch (error) {
          if (error instanceof PhotoNotReadable) setPhotoMessage(error.message);
          else if (error instanceof DOMException && error.name === 'QuotaExceededError')
            setPhotoMessage(
              'There is no room left on this device for another photo. Remove uploaded photos from this device, or upload the waiting ones first.',
            );
          else throw error;
        }
      }
    } finally {
      setPreparing(false);
      if (cameraRef.current) cameraRef.current.value = '';
      if (filesRef.current) filesRef.current.value = '';
    }
  }

  function cancel() {
    void dropUnsavedPhotos(takenHere.current);
    onClose();
  }

  async function save() {
    clearFixErrors();
    // The amount is typed in kwacha and travels in ngwee; it may wait until the holder has a quote.
    const amount = values.claimedAmount.trim() === '' ? null : parseKwachaText(values.claimedAmount, 'claimed');
    const input = {
      ...values,
      claimedAmount: amount?.ok ? amount.value : null,
      id,
      photos: photos.map(({ sha256, size, width, height }) => ({ sha256, size, width, height })),
    };
    const result = await submit(
      claimRules.load().then((module) => module.claimInputSchema),
      input,
      (value) => {
        if (!policy) throw new Error('a claim is saved on a chosen policy');
        return saveClaimMutation(value, agentId, policy, claim ?? undefined);
      },
      {
        ...(fixing ? { replaces: fixing.id } : {}),
        refuse: (value) => {
          if (!policy) return { policyId: 'Choose the policy' };
          const problem = claimDateProblem(value.incidentDate, policy, today);
          const amountProblem = amount && !amount.ok ? amount.error : null;
          if (!problem && !amountProblem) return null;
          return {
            ...(problem ? { incidentDate: problem } : {}),
            ...(amountProblem ? { claimedAmount: amountProblem } : {}),
          };
        },
      },
    );
    if (result === 'sent' || result === 'queued') {
      takenHere.current = [];
      void uploadClaimPhotos();
      toastChange(result, isNew ? 'Claim submitted' : 'Claim saved');
      onClose();
    }
  }

  const canEdit = claim === null || EDITABLE_CLAIM_STATUSES.includes(claim.status);
  return (
    <RecordFormDialog
      title={isNew ? 'New Claim' : `Edit ${claim?.claimNumber || 'Claim'}`}
      formId="claim-form"
      formRef={formRef}
      submitLabel={isNew ? 'Submit Claim' : 'Save Changes'}
      isSubmitting={isSubmitting || isPreparing}
      fixing={fixing}
      formMessage={formMessage ?? (canEdit ? null : 'This claim has been decided and can no longer be changed.')}
      onSubmit={() => void save()}
      onClose={cancel}
    >
      <FormField label="Find policy" error={undefined}>
        <Input
          type="search"
          value={policySearch}
          maxLength={100}
          placeholder="Policy number, plate or customer"
          onChange={(event) => setPolicySearch(event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Policy" error={shownErrors.policyId} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.policyId}
            onChange={(event) => change('policyId', event.currentTarget.value)}
          >
            <option value="">Choose the policy</option>
            {choices.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.policyNumber} — {candidate.plateNumber} —{' '}
                {customerById.get(candidate.customerId)?.name ?? 'customer'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label="Incident Date"
        error={shownErrors.incidentDate}
        required
        helperText={
          policy ? `Policy ${policy.policyNumber} runs from ${policy.startDate} to ${policy.endDate}.` : undefined
        }
      >
        <Input
          type="date"
          value={values.incidentDate}
          max={today}
          onChange={(event) => change('incidentDate', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Place of the Incident" error={shownErrors.incidentPlace} required>
        <Input
          value={values.incidentPlace}
          maxLength={200}
          placeholder="Great East Road near Arcades, Lusaka"
          onChange={(event) => change('incidentPlace', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Description" error={shownErrors.description} required>
        <Textarea
          value={values.description}
          maxLength={2000}
          rows={4}
          onChange={(event) => change('description', event.currentTarget.value)}
        />
      </FormField>
      <FormField
        label="Other Party's Plate"
        error={shownErrors.otherPartyPlate}
        helperText="Optional. It is checked against the registry when the claim reaches the server."
      >
        <Input
          value={values.otherPartyPlate}
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          fontFamily="mono"
          placeholder="ZM-123-ABC"
          onChange={(event) => change('otherPartyPlate', event.currentTarget.value)}
        />
      </FormField>
      <FormField
        label="Amount Claimed (K)"
        error={shownErrors.claimedAmount}
        helperText="What the policy holder asks for, in kwacha (such as 12500.50). It may wait for a quote, but a claim is approved only once it is known."
      >
        <Input
          value={values.claimedAmount}
          inputMode="decimal"
          maxLength={16}
          autoComplete="off"
          placeholder="12500.00"
          onChange={(event) => change('claimedAmount', event.currentTarget.value)}
        />
      </FormField>

      <Stack gap="2" as="fieldset">
        <Text as="legend" fontWeight="medium" fontSize="sm">
          Photos ({photos.length} of {MAX_PHOTOS_PER_CLAIM})
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Resized on this device to at most {MAX_PHOTO_SIDE} px and 1 MB each, and kept here until the server has them.
        </Text>
        {isLow && (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{STORAGE_LOW_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="2" wrap="wrap">
          {/* The camera opens in the app where the browser allows it; else `capture` opens the phone's camera app. The other input picks photos already taken. */}
          <Button
            size="sm"
            variant="outline"
            onClick={() => (canOpenCamera() ? setCameraOpen(true) : cameraRef.current?.click())}
            disabled={!canEdit || isPreparing || photos.length >= MAX_PHOTOS_PER_CLAIM || isCameraOpen}
          >
            Take Photo
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => filesRef.current?.click()}
            disabled={!canEdit || isPreparing || photos.length >= MAX_PHOTOS_PER_CLAIM}
          >
            Choose Photos
          </Button>
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label="Take a photo with the camera"
            data-testid="claim-camera"
            onChange={(event) => void addPhotos(event.currentTarget.files)}
          />
          <input
            ref={filesRef}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label="Choose photos"
            data-testid="claim-photo-files"
            onChange={(event) => void addPhotos(event.currentTarget.files)}
          />
          {isPreparing && (
            <HStack gap="2" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Preparing photo…</Text>
            </HStack>
          )}
        </HStack>
        {isCameraOpen && (
          <ClaimCamera
            onCapture={(photo) => addPhotos([photo])}
            onUseCameraApp={() => {
              setCameraOpen(false);
              cameraRef.current?.click();
            }}
            onDone={() => setCameraOpen(false)}
            isBusy={isPreparing}
            canTakeMore={photos.length < MAX_PHOTOS_PER_CLAIM}
          />
        )}
        {(photoMessage ?? shownErrors.photos) && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {photoMessage ?? shownErrors.photos}
          </Text>
        )}
        {photos.length > 0 && (
          <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="group" aria-label="Photos of this claim">
            {photos.map((photo, index) => (
              <Box key={photo.sha256}>
                <ClaimPhoto
                  claimId={id}
                  sha256={photo.sha256}
                  blob={fileBySha.get(photo.sha256)?.blob}
                  isOnServer={photo.isComplete}
                  alt={`Photo ${index + 1} of the claim`}
                />
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </RecordFormDialog>
  );
}
