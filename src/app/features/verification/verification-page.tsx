/**
 * Plate verification (spec section 2, "Verification"): Manual Entry and QR Scan
 * tabs, a results panel, and why verification matters.
 */
import { PLATE_NUMBER_REQUIRED, normalisePlateInput, parsePlateNumber } from '#domain/plates/plate-number';
import { Alert, Box, Button, Card, Container, Field, Heading, Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QrIcon, SearchIcon, ShieldIcon, WarningIcon, CheckIcon } from '../../components/icons';
import { apiRequest, NetworkError } from '../../sync/api-client';

type CheckOutcome = { kind: 'answer'; title: string; detail: string; tone: 'info' | 'warning' | 'error' };

const REASONS = [
  { icon: ShieldIcon, title: 'Stop cloned plates', text: 'A genuine plate carries a signed QR code tied to the registered vehicle’s make, model and colour, so a plate on the wrong car stands out.' },
  { icon: CheckIcon, title: 'Protect buyers', text: 'Check a second-hand vehicle’s plate before you pay, and know it is registered and in date.' },
  { icon: WarningIcon, title: 'Support enforcement', text: 'Officers get an authentic, expired or revoked verdict in under a second at the roadside, even with no signal.' },
] as const;

async function checkPlate(plateNumber: string): Promise<CheckOutcome> {
  try {
    const result = await apiRequest<{ message?: string }>('GET', `/api/verification/${encodeURIComponent(plateNumber)}`);
    if (result.status === 404) {
      return { kind: 'answer', tone: 'info', title: 'Registry lookup not available yet', detail: `This server does not hold the plate registry yet, so ${plateNumber} cannot be checked here.` };
    }
    return { kind: 'answer', tone: 'warning', title: 'Verification failed', detail: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: 'answer', tone: 'warning', title: 'You are offline', detail: 'Checking a typed number needs a connection on this device.' };
    throw error;
  }
}

export function VerificationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [plate, setPlate] = useState(() => normalisePlateInput(searchParams.get('plate') ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const tab = searchParams.get('tab') === 'scan' ? 'scan' : 'manual';

  const verify = async () => {
    if (plate.trim() === '') {
      setError(PLATE_NUMBER_REQUIRED);
      return;
    }
    const parsed = parsePlateNumber(plate);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setChecking(true);
    setOutcome(null);
    try {
      setOutcome(await checkPlate(parsed.value));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Box textAlign="center">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Plate Verification
          </Heading>
          <Text color="fg.muted" mt="2">
            Check that a Zambian licence plate is genuine, registered and in date.
          </Text>
        </Box>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Card.Root>
            <Card.Body>
              <Tabs.Root
                value={tab}
                onValueChange={(event) => setSearchParams((params) => {
                  params.set('tab', event.value);
                  return params;
                }, { replace: true })}
                variant="enclosed"
                size={{ base: 'sm', sm: 'md' }}
                fitted
              >
                <Tabs.List>
                  <Tabs.Trigger value="manual" whiteSpace="nowrap">
                    <SearchIcon boxSize="4" aria-hidden /> Manual Entry
                  </Tabs.Trigger>
                  <Tabs.Trigger value="scan" whiteSpace="nowrap">
                    <QrIcon boxSize="4" aria-hidden /> QR Scan
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="manual">
                  <form
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      void verify();
                    }}
                  >
                  <Stack gap="4">
                    <Field.Root invalid={error !== null}>
                      <Field.Label>Plate Number</Field.Label>
                      <Input
                        value={plate}
                        maxLength={10}
                        placeholder="ZM-001-ABC"
                        autoCapitalize="characters"
                        autoComplete="off"
                        fontFamily="mono"
                        onChange={(event) => {
                          setPlate(normalisePlateInput(event.currentTarget.value));
                          setError(null);
                        }}
                      />
                      <Field.ErrorText>{error}</Field.ErrorText>
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" loading={isChecking} loadingText="Verifying..." disabled={plate.trim() === '' || isChecking}>
                      Verify Plate
                    </Button>
                  </Stack>
                  </form>
                </Tabs.Content>
                <Tabs.Content value="scan">
                  <Stack gap="3" align="center" textAlign="center" py="6">
                    <QrIcon boxSize="12" color="fg.muted" aria-hidden />
                    <Text>Point your phone’s camera at the QR code on the plate sticker: it opens this page and shows the verdict.</Text>
                    <Text fontSize="sm" color="fg.muted">
                      In-app scanning of signed plate credentials is part of the roadside verification release.
                    </Text>
                  </Stack>
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root aria-live="polite" aria-busy={isChecking}>
            <Card.Body>
              <Heading as="h2" size="md" mb="4">
                Verification Result
              </Heading>
              {outcome ? (
                <Alert.Root status={outcome.tone}>
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{outcome.title}</Alert.Title>
                    <Alert.Description>{outcome.detail}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <Text color="fg.muted">Enter a plate number or scan a QR code to see its status here.</Text>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Box as="section" aria-labelledby="why-verification">
          <Heading as="h2" id="why-verification" size={{ base: 'xl', md: '2xl' }} textAlign="center" mb="6">
            Why Verification Matters
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {REASONS.map((reason) => (
              <Card.Root key={reason.title}>
                <Card.Body gap="2">
                  <reason.icon boxSize="6" color="brand.600" aria-hidden />
                  <Heading as="h3" size="md">
                    {reason.title}
                  </Heading>
                  <Text color="fg.muted">{reason.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Container>
  );
}
