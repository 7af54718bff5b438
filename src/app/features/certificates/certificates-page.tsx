/**
 * Certificates (/dashboard/user/certificates): a registration certificate for each of the
 * owner's registered plates, as a PDF with the plate's signed QR code, and the QR code
 * alone as an image. Both are made on this device from its synced copy of the plates, so
 * they work offline. Plates still on their way are listed apart with their progress.
 */
import { certificateFileName, plateQrFileName } from '#domain/certificates/certificate-document';
import type { CertificateStanding } from '#domain/certificates/certificate-standing';
import type { PlateProgress } from '#domain/plates/lifecycle';
import { Alert, Badge, Box, Button, Card, DataList, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime, formatDay } from '../../components/format-date-time';
import { AwardIcon, QrIcon, stroke, strokeIcon } from '../../components/icons';
import { PageHeader, Section } from '../../components/page-parts';
import { useOnlineStatus } from '../../components/use-online-status';
import { useSyncStatus } from '../../components/use-sync-status';
import { paths } from '../../config/paths';
import { type CertificateCard, expiryNote, type PendingCertificate } from './certificate-rows';
import { downloadCertificate, downloadPlateQr } from '../../plate-documents/plate-downloads';
import { PlateDocumentError } from '../../plate-documents/plate-qr';
import { useMyCertificates } from './use-my-certificates';

const DownloadIcon = strokeIcon('DownloadIcon', <path {...stroke} d="M12 3v12M7 10l5 5 5-5M5 21h14" />);

// Withdrawn and expired read as alarming (solid red); expiring soon as a warning, in a subtle badge whose dark text keeps its contrast.
const STANDING_COLOURS: Record<CertificateStanding, string> = {
  Valid: 'green',
  'Expires soon': 'orange',
  Expired: 'red',
  Revoked: 'red',
  Stolen: 'red',
};
const PROGRESS_COLOURS: Record<PlateProgress, string> = {
  Paid: 'gray',
  'Being made': 'blue',
  'Ready for collection': 'purple',
  Collected: 'teal',
  Registered: 'green',
};

function StandingBadge({ standing }: { standing: CertificateStanding }) {
  return (
    <Badge
      colorPalette={STANDING_COLOURS[standing]}
      variant={standing === 'Valid' || standing === 'Expires soon' ? 'subtle' : 'solid'}
      whiteSpace="nowrap"
    >
      {standing}
    </Badge>
  );
}

/** A plate number never breaks across lines. */
function PlateNumber({ value, as = 'span', id }: { value: string; as?: 'span' | 'h3'; id?: string }) {
  return (
    <Text as={as} id={id} fontFamily="mono" fontWeight="bold" fontSize="lg" whiteSpace="nowrap" letterSpacing="wide">
      {value}
    </Text>
  );
}

type Download = 'certificate' | 'qr';
type DownloadState = { busy: Download | null; message: { kind: 'done' | 'failed'; text: string } | null };

function CertificateCardView({ card }: { card: CertificateCard }) {
  const { plate, standing, certificateNumber } = card;
  const registration = plate.registration;
  const [state, setState] = useState<DownloadState>({ busy: null, message: null });
  const headingId = useId();
  const note = expiryNote(card);

  async function download(kind: Download) {
    setState({ busy: kind, message: null });
    try {
      if (kind === 'certificate') await downloadCertificate(plate);
      else await downloadPlateQr(plate);
      const fileName =
        kind === 'certificate' ? certificateFileName(plate.plateNumber) : plateQrFileName(plate.plateNumber);
      setState({ busy: null, message: { kind: 'done', text: `Downloaded ${fileName}.` } });
    } catch (error) {
      const reason =
        error instanceof PlateDocumentError ? error.message : 'Try again; if it keeps failing, reload the page.';
      setState({
        busy: null,
        message: {
          kind: 'failed',
          text: `The ${kind === 'certificate' ? 'certificate' : 'QR code'} for ${plate.plateNumber} could not be made. ${reason}`,
        },
      });
    }
  }

  return (
    <Card.Root as="article" variant="outline" minW="0" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="2" wrap="wrap">
          <Box minW="0">
            <PlateNumber value={plate.plateNumber} as="h3" id={headingId} />
            <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
              Certificate No. {certificateNumber}
            </Text>
          </Box>
          <Stack gap="0.5" align="end">
            <StandingBadge standing={standing} />
            {note && (
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                {note}
              </Text>
            )}
          </Stack>
        </Flex>
        <DataList.Root orientation="horizontal" size="sm" gap="1.5">
          <DataList.Item>
            <DataList.ItemLabel minW="24">Vehicle</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {registration.make} {registration.model} · {registration.colour} · {registration.year}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="24">Owner</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {registration.ownerName}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="24">Registered</DataList.ItemLabel>
            <DataList.ItemValue>{formatDay(registration.registrationDate)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="24">Expires</DataList.ItemLabel>
            <DataList.ItemValue>{formatDay(registration.expiryDate)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            loading={state.busy === 'certificate'}
            loadingText="Making the PDF…"
            disabled={state.busy !== null}
            aria-label={`Download certificate (PDF) for ${plate.plateNumber}`}
            onClick={() => void download('certificate')}
          >
            <DownloadIcon aria-hidden />
            Download certificate (PDF)
          </Button>
          <Button
            colorPalette="brand"
            variant="outline"
            size="sm"
            loading={state.busy === 'qr'}
            loadingText="Drawing the QR code…"
            disabled={state.busy !== null}
            aria-label={`Download QR for ${plate.plateNumber}`}
            onClick={() => void download('qr')}
          >
            <QrIcon aria-hidden />
            Download QR
          </Button>
        </Flex>
        <Box aria-live="polite">
          {state.message && (
            <Text
              fontSize="sm"
              color={state.message.kind === 'failed' ? 'fg.error' : 'fg.muted'}
              role={state.message.kind === 'failed' ? 'alert' : undefined}
            >
              {state.message.text}
            </Text>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function pendingDetail({ plate, progress }: PendingCertificate): string {
  const shop = plate.shopName ? ` at ${plate.shopName}` : '';
  if (progress === 'Ready for collection')
    return `Ready for collection${shop}${plate.collectionDate ? ` from ${formatDay(plate.collectionDate)}` : ''}. The shop registers it to your vehicle when you collect it.`;
  if (progress === 'Being made')
    return `Being made${shop}${plate.collectionDate ? `, to collect from ${formatDay(plate.collectionDate)}` : ''}.`;
  if (progress === 'Collected') return `Collected${shop}; its registration is on its way to this device.`;
  return plate.shopName ? `Paid; ${plate.shopName} is to make it.` : 'Paid; a plate shop is to be assigned to make it.';
}

function PendingList({ pending }: { pending: PendingCertificate[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="pending-certificates-heading">
      {pending.map((item) => (
        <Box as="li" key={item.plate.id} borderWidth="1px" borderStyle="dashed" rounded="lg" p="3" minW="0">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <PlateNumber value={item.plate.plateNumber} />
            <Badge colorPalette={PROGRESS_COLOURS[item.progress]} variant="subtle" whiteSpace="nowrap">
              {item.progress}
            </Badge>
          </Flex>
          <Text fontSize="sm" fontWeight="medium" mt="1">
            Certificate available once registered
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {pendingDetail(item)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function EmptyState() {
  return (
    <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
      <AwardIcon boxSize="8" color="fg.muted" aria-hidden />
      <Text fontWeight="medium" mt="2">
        No certificates yet
      </Text>
      <Text color="fg.muted" fontSize="sm" mt="1" maxW="prose" mx="auto">
        Buy a plate in the marketplace or apply for plates. Once a plate shop has registered a plate to your vehicle,
        its certificate and QR code appear here.
      </Text>
      <HStack justify="center" gap="3" mt="4" wrap="wrap">
        <Button asChild colorPalette="brand" size="sm">
          <Link to={paths.marketplace}>Browse Plates</Link>
        </Button>
        <Button asChild colorPalette="brand" variant="outline" size="sm">
          <Link to={paths.buyProcess}>Apply for Plates</Link>
        </Button>
      </HStack>
    </Box>
  );
}

function OfflineNote() {
  const isOnline = useOnlineStatus();
  const { lastSyncedAt } = useSyncStatus('lastSyncedAt');
  const synced = lastSyncedAt === null ? '' : ` (last synced ${formatDateTime(new Date(lastSyncedAt).toISOString())})`;
  const text = `Certificates and QR codes are made on this device from its copy of your plates${synced}, so they work offline too.`;
  return isOnline ? (
    <Text fontSize="sm" color="fg.muted">
      {text}
    </Text>
  ) : (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Description>This device is offline. {text}</Alert.Description>
    </Alert.Root>
  );
}

export function CertificatesPage() {
  const rows = useMyCertificates();
  const { isSyncing } = useSyncStatus('isSyncing');

  return (
    <Stack gap="6">
      <PageHeader
        title="Certificates"
        summary="A registration certificate for each of your registered plates, as a PDF with the plate’s QR code, and the QR code on its own."
      />
      <OfflineNote />
      {rows === undefined ? (
        <LoadingNote>Loading your certificates…</LoadingNote>
      ) : rows.cards.length === 0 && rows.pending.length === 0 ? (
        isSyncing ? (
          <LoadingNote>Bringing your plates to this device…</LoadingNote>
        ) : (
          <EmptyState />
        )
      ) : (
        <>
          <Section title="Registration Certificates" headingId="certificates-heading">
            {rows.cards.length === 0 ? (
              <Text color="fg.muted">
                None of your plates is registered yet. A plate’s certificate appears here once the plate shop has
                registered it to your vehicle.
              </Text>
            ) : (
              <SimpleGrid
                as="ul"
                listStyleType="none"
                columns={{ base: 1, lg: 2 }}
                gap="4"
                aria-labelledby="certificates-heading"
              >
                {rows.cards.map((card) => (
                  <Box as="li" key={card.plate.id} minW="0">
                    <CertificateCardView card={card} />
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Section>
          {rows.pending.length > 0 && (
            <Section title="Not Registered Yet" headingId="pending-certificates-heading">
              <PendingList pending={rows.pending} />
            </Section>
          )}
        </>
      )}
    </Stack>
  );
}
