/**
 * Generate QR Code: a QR of a link to the request on this server (decision 054: the code
 * carries no personal data; staff who scan it sign in to see the order), the order summary
 * and the caption, and 'Print QR Code', which prints only that card. The QR library loads
 * here, when a code is drawn, not with the page.
 */
import { requestQrLink } from '#domain/applications/review';
import { formatOrderReferences } from '#domain/orders/order-references';
import { Box, Button, DataList, Flex, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { formatDateTime } from '../../components/format-date-time';
import { PrinterIcon } from './application-icons';
import type { AdminApplication } from './applications-api';
import { ApplicationStatusBadge } from './application-status-badge';

export const QR_CAPTION = 'Scan this QR code to view order details, quantity, and tracking information';

// Only the card prints: the rest of the page and the dialog's frame are removed, so no
// blank pages follow. :has() keeps the card's ancestors (the dialog's portal) displayed.
const PRINT_CSS = `@media print {
  body *:not(:has([data-request-qr])):not([data-request-qr]):not([data-request-qr] *) { display: none !important; }
  body * { visibility: hidden; }
  [data-request-qr], [data-request-qr] * { visibility: visible; }
  [data-request-qr] { position: absolute; top: 0; left: 0; width: 100%; background: white !important; color: black !important; }
  [data-scope="dialog"][data-part="positioner"], [data-scope="dialog"][data-part="content"] { position: static !important; transform: none !important; margin: 0 !important; padding: 0 !important; box-shadow: none !important; max-width: none !important; }
}`;

type Drawn = { status: 'drawing' } | { status: 'drawn'; src: string } | { status: 'failed' };

async function drawQr(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function ApplicationQrDialog({ request, onClose }: { request: AdminApplication; onClose: () => void }) {
  // The time the code was generated, fixed when the dialog opens and printed under it.
  const [generatedAt] = useState(() => new Date().toISOString());
  const [payload] = useState(() => requestQrLink(window.location.origin, request.id));
  const [drawn, setDrawn] = useState<Drawn>({ status: 'drawing' });

  useEffect(() => {
    let isCurrent = true;
    drawQr(payload).then(
      (src) => isCurrent && setDrawn({ status: 'drawn', src }),
      () => isCurrent && setDrawn({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [payload]);

  const summary: Array<[string, React.ReactNode]> = [
    ['Applicant', request.applicant],
    ['Vehicle', request.vehicle.trim() === '' ? 'Not given' : request.vehicle],
    ['Quantity', request.quantityLabel],
    ['Type', request.orderInfo.plateType],
    ['Status', <ApplicationStatusBadge key="status" status={request.status} />],
  ];

  return (
    <AppDialog
      title="Request QR Code"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button colorPalette="brand" disabled={drawn.status !== 'drawn'} onClick={() => window.print()}>
            <PrinterIcon /> Print QR Code
          </Button>
        </>
      }
    >
      <style>{PRINT_CSS}</style>
      <Stack data-request-qr="" gap="4" align="center" textAlign="center">
        <Text fontFamily="mono" fontWeight="semibold" fontSize="lg">
          {formatOrderReferences({ reference: request.reference, requestId: request.id })}
        </Text>
        {drawn.status === 'drawing' && (
          <Flex h="56" align="center" justify="center" gap="3" role="status">
            <Spinner color="brand.600" />
            <Text color="fg.muted">Drawing the QR code…</Text>
          </Flex>
        )}
        {drawn.status === 'failed' && (
          <Text color="fg.error" role="alert">
            The QR code for {request.id} could not be drawn. Close this window and try again.
          </Text>
        )}
        {drawn.status === 'drawn' && (
          <Box bg="white" p="1" rounded="md">
            <Image
              src={drawn.src}
              alt={`QR code of request ${request.id}`}
              w={{ base: '48', sm: '56' }}
              h="auto"
              maxW="full"
            />
          </Box>
        )}
        <Text fontSize="sm" color="fg.muted">
          {QR_CAPTION}
        </Text>
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          The code opens{' '}
          <Text as="span" fontFamily="mono" data-qr-link="">
            {payload}
          </Text>
          , for signed-in staff only.
        </Text>
        <DataList.Root
          orientation="horizontal"
          size="sm"
          w="full"
          maxW="sm"
          textAlign="start"
          aria-label="Order summary"
        >
          {summary.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue minW="0" overflowWrap="anywhere">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Text fontSize="xs" color="fg.muted">
          Generated {formatDateTime(generatedAt)}
        </Text>
      </Stack>
    </AppDialog>
  );
}
