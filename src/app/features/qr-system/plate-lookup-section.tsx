/**
 * 'Look up a plate': one plate's registry record — vehicle, owner, dates, standing and
 * signing key — with its credential QR code to print. Online only.
 */
import { normalisePlateInput, parsePlateNumber, PLATE_NUMBER_MAX_LENGTH } from '#domain/plates/plate-number';
import { Alert, Box, Button, DataList, Field, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../components/format-date-time';
import { SearchIcon } from '../../components/icons';
import { CredentialQrCard } from './credential-qr-card';
import { formatDay } from '../../components/format-date-time';
import { StandingBadge } from './qr-badges';
import { Section } from '../../components/page-parts';
import { type LookupOutcome, lookUpPlate, type RegistryPlate } from './registry-lookup';

function RegistryRecord({ plate }: { plate: RegistryPlate }) {
  const rows: Array<[string, React.ReactNode]> = [
    [
      'Plate Number',
      <Box as="span" key="plate" fontFamily="mono" fontWeight="semibold">
        {plate.plateNumber}
      </Box>,
    ],
    ['Standing', <StandingBadge key="standing" standing={plate.standing} />],
    ['Vehicle', `${plate.year} ${plate.make} ${plate.model}`],
    ['Colour', plate.colour],
    [
      'Chassis Number',
      <Box as="span" key="chassis" fontFamily="mono">
        {plate.chassisNumber}
      </Box>,
    ],
    ['Owner', plate.ownerName],
    [
      'Owner NRC',
      <Box as="span" key="nrc" fontFamily="mono">
        {plate.ownerNrc}
      </Box>,
    ],
    [
      'Registered',
      <time key="registered" dateTime={plate.registrationDate}>
        {formatDay(plate.registrationDate)}
      </time>,
    ],
    [
      'Expires',
      <time key="expires" dateTime={plate.expiryDate}>
        {formatDay(plate.expiryDate)}
      </time>,
    ],
    [
      'Signing Key',
      <Box as="span" key="key" fontFamily="mono">
        {plate.keyId}
      </Box>,
    ],
    [
      'Credential Issued',
      <time key="issued" dateTime={plate.issuedAt}>
        {formatDateTime(plate.issuedAt)}
      </time>,
    ],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function PlateLookupSection() {
  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [isLooking, setLooking] = useState(false);
  const [outcome, setOutcome] = useState<LookupOutcome | null>(null);

  async function lookUp() {
    if (isLooking) return;
    const parsed = parsePlateNumber(input);
    if (!parsed.ok) {
      setFieldError(parsed.error);
      return;
    }
    setFieldError(undefined);
    setLooking(true);
    setOutcome(null);
    try {
      const answer = await lookUpPlate(parsed.value);
      if (answer.kind === 'invalid') setFieldError(answer.message);
      else setOutcome(answer);
    } finally {
      setLooking(false);
    }
  }

  return (
    <Section title="Look up a plate" headingId="plate-lookup-heading">
      <Stack gap="5">
        <form
          noValidate
          aria-labelledby="plate-lookup-heading"
          onSubmit={(event) => {
            event.preventDefault();
            void lookUp();
          }}
        >
          <Field.Root invalid={Boolean(fieldError)}>
            <Field.Label>Plate number</Field.Label>
            <Flex gap="3" w="full" direction={{ base: 'column', sm: 'row' }}>
              <Input
                value={input}
                maxW={{ sm: 'xs' }}
                maxLength={PLATE_NUMBER_MAX_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                fontFamily="mono"
                placeholder="ZM-001-ABC"
                onChange={(event) => {
                  setInput(normalisePlateInput(event.currentTarget.value));
                  setFieldError(undefined);
                }}
              />
              <Button type="submit" colorPalette="brand" loading={isLooking} flexShrink={0}>
                <SearchIcon /> Look Up
              </Button>
            </Flex>
            <Field.ErrorText>{fieldError}</Field.ErrorText>
          </Field.Root>
        </form>

        {/* A short answer is announced; the record itself is there to read. */}
        <Box aria-live="polite">
          {outcome?.kind === 'message' && (
            <Alert.Root status={outcome.tone}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{outcome.title}</Alert.Title>
                <Alert.Description>{outcome.detail}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {outcome?.kind === 'found' && (
            <Text srOnly>
              {outcome.plate.plateNumber} found in the registry. Standing: {outcome.plate.standing}.
            </Text>
          )}
        </Box>
        {outcome?.kind === 'found' && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
            <RegistryRecord plate={outcome.plate} />
            <CredentialQrCard
              key={`${outcome.plate.plateNumber}-${outcome.plate.credentialUrl}`}
              plateNumber={outcome.plate.plateNumber}
              credentialUrl={outcome.plate.credentialUrl}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}
