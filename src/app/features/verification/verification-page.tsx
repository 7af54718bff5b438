/**
 * Plate verification (spec section 2, "Verification"): Manual Entry and QR Scan
 * tabs, a results panel, and why verification matters. A plate's QR code opens this
 * page at /v#<credential>; the credential is checked on the device, so it works with
 * no signal once the device has the registry's keys.
 */
import { Box, Card, chakra, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../components/tabs';
import { memo, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CheckIcon, QrIcon, SearchIcon, ShieldIcon, WarningIcon } from '../../components/icons';
import { useFollowedState } from '../../components/use-followed-state';
import { getSession } from '../../session/session-store';
import { ManualEntryForm } from './manual-entry-form';
import { QrScanner } from './qr-scanner';
import { useVerification } from './use-verification';
import { EARLY_VERDICT_SLOT } from './early-verdict-slot';
import { VerdictPanel } from './verdict-panel';

const REASONS = [
  { icon: ShieldIcon, title: 'Stop cloned plates', text: 'A genuine plate carries a signed QR code tied to the registered vehicle’s make, model and colour, so a plate on the wrong car stands out.' },
  { icon: CheckIcon, title: 'Protect buyers', text: 'Check a second-hand vehicle’s plate before you pay, and know it is registered and in date.' },
  { icon: WarningIcon, title: 'Support enforcement', text: 'Officers get an authentic, expired or revoked verdict in under a second at the roadside, even with no signal.' },
] as const;

const isOfficer = () => {
  const session = getSession();
  return session.status === 'signed-in' && session.user.roles.includes('police');
};

/** Static: a check does not redraw it. */
const WhyVerificationMatters = memo(function WhyVerificationMatters() {
  return (
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
  );
});

/** React never writes into it, nor compares it when hydrating: the entry script may have drawn a verdict there. */
const LEFT_TO_THE_ENTRY_SCRIPT = { __html: '' };

/**
 * Where a verdict drawn before the app had started shows (early-verdict.ts); while it
 * does, the app's panel after it is hidden, until the app shows its own outcome.
 */
const EarlyVerdictSlot = memo(function EarlyVerdictSlot() {
  return <chakra.div {...{ [EARLY_VERDICT_SLOT]: '' }} css={{ '&:not(:empty) + *': { display: 'none' } }} dangerouslySetInnerHTML={LEFT_TO_THE_ENTRY_SCRIPT} suppressHydrationWarning />;
});

export function VerificationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { outcome, isChecking, verifyText, verifyNumber } = useVerification({ logChecks: isOfficer() });
  const scannedLink = location.hash.length > 1 ? location.hash.slice(1) : null;
  // The tab answers a press at once; the address follows (useFollowedState).
  const [tab, setTab] = useFollowedState<'manual' | 'scan'>(scannedLink || searchParams.get('tab') === 'scan' ? 'scan' : 'manual');
  const typedPlate = searchParams.get('plate') ?? '';

  // Opened from a plate's QR code (/v#digits): verify at once. From the home page's
  // Verify Plate (?plate=): check that number at once.
  useEffect(() => {
    if (scannedLink) void verifyText(scannedLink);
    else if (typedPlate.trim() !== '') void verifyNumber(typedPlate);
    // Only on arrival: later changes come from the forms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scannedLink]);

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
                onValueChange={(event) => {
                  setTab(event.value === 'scan' ? 'scan' : 'manual');
                  setSearchParams(
                    (params) => {
                      params.set('tab', event.value);
                      return params;
                    },
                    { replace: true },
                  );
                }}
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
                  <ManualEntryForm initial={typedPlate} isChecking={isChecking} onVerify={(plate) => void verifyNumber(plate)} />
                </Tabs.Content>
                <Tabs.Content value="scan">
                  <QrScanner onDecoded={(text) => void verifyText(text)} disabled={isChecking} />
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root aria-live="polite" aria-busy={isChecking}>
            <Card.Body>
              <Heading as="h2" size="md" mb="4">
                Verification Result
              </Heading>
              <EarlyVerdictSlot />
              <VerdictPanel outcome={outcome} isChecking={isChecking} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <WhyVerificationMatters />
      </Stack>
    </Container>
  );
}
