/**
 * A plate's credential as the QR code that goes on the plate, ready to print. The QR
 * library loads only here, when a code is drawn, so it stays out of the page's first
 * chunk. The code points at this app's own origin: the digits are the credential, the
 * origin only decides which verification page a phone camera opens.
 */
import { credentialFromText, credentialQrSegments } from '#domain/credential/qr-url';
import { Box, Button, Card, Flex, Heading, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { QrIcon } from '../../components/icons';

type Drawn = { status: 'drawing' } | { status: 'drawn'; src: string; version: number } | { status: 'failed' };

// Only the card prints: everything else is hidden, and the card moves to the top of the page.
// :has() lets the card's ancestors stay displayed while their other children are removed,
// so no blank pages follow; `visibility` covers browsers without :has().
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-card], [data-print-card] * { visibility: visible; }
  body *:not(:has([data-print-card])):not([data-print-card]):not([data-print-card] *) { display: none !important; }
  [data-print-card] { position: absolute; top: 0; left: 0; width: 100%; border: none !important; box-shadow: none !important; background: white !important; color: black !important; }
  [data-print-hidden] { display: none !important; }
}`;

async function drawQr(bytes: Uint8Array): Promise<{ src: string; version: number }> {
  const { default: QRCode } = await import('qrcode');
  const segments = credentialQrSegments(window.location.origin, bytes);
  const svg = await QRCode.toString(segments, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const { version } = QRCode.create(segments, { errorCorrectionLevel: 'M' });
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, version };
}

export function CredentialQrCard({ plateNumber, credentialUrl }: { plateNumber: string; credentialUrl: string }) {
  const bytes = useMemo(() => credentialFromText(credentialUrl), [credentialUrl]);
  const [drawn, setDrawn] = useState<Drawn>({ status: 'drawing' });

  useEffect(() => {
    if (bytes === null) return;
    let isCurrent = true;
    drawQr(bytes).then(
      (qr) => isCurrent && setDrawn({ status: 'drawn', ...qr }),
      () => isCurrent && setDrawn({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [bytes]);

  const state: Drawn = bytes === null ? { status: 'failed' } : drawn;

  return (
    <Card.Root variant="outline" data-print-card="" minW="0">
      <style>{PRINT_CSS}</style>
      <Card.Body>
        <Stack gap="3" align="center" textAlign="center">
          <Heading as="h3" size="md" display="flex" alignItems="center" gap="2">
            <QrIcon aria-hidden />
            Credential QR code
          </Heading>
          <Text fontFamily="mono" fontWeight="semibold" fontSize="lg">
            {plateNumber}
          </Text>
          {state.status === 'drawing' && (
            <Flex h="56" align="center" justify="center" gap="3" role="status">
              <Spinner color="brand.600" />
              <Text color="fg.muted">Drawing the QR code…</Text>
            </Flex>
          )}
          {state.status === 'failed' && (
            <Text color="fg.error" role="alert">
              The QR code for {plateNumber} could not be drawn. Reload the page and look the plate up again.
            </Text>
          )}
          {state.status === 'drawn' && (
            <>
              <Box bg="white" p="1" rounded="md">
                <Image
                  src={state.src}
                  alt={`QR code credential for plate ${plateNumber}`}
                  w={{ base: '56', sm: '64' }}
                  h="auto"
                  maxW="full"
                />
              </Box>
              <Text fontSize="xs" color="fg.muted">
                QR version {state.version} · error correction M
              </Text>
              <Button colorPalette="brand" onClick={() => window.print()} data-print-hidden="">
                Print QR Code
              </Button>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
