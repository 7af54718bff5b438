/**
 * A registered plate's documents: its QR code as an image and its registration
 * certificate as a PDF, both made on the device from its copy (they work offline). The
 * PDF and QR libraries load when a button is pressed.
 */
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { showToast } from '../../components/toast';

type Document = 'qr' | 'certificate';

export async function downloadPlateDocument(plate: OwnedPlate, document: Document): Promise<void> {
  try {
    const documents = await import('../../plate-documents/plate-downloads');
    await (document === 'qr' ? documents.downloadPlateQr(plate) : documents.downloadCertificate(plate));
  } catch (error) {
    showToast({
      type: 'error',
      title: document === 'qr' ? 'The QR code could not be made' : 'The certificate could not be made',
      description: error instanceof Error ? error.message : 'Please try again.',
    });
  }
}

export function PlateDocumentsButtons({ plate, size = 'sm' }: { plate: OwnedPlate; size?: 'xs' | 'sm' }) {
  const [busy, setBusy] = useState<Document | null>(null);
  const run = async (document: Document) => {
    setBusy(document);
    await downloadPlateDocument(plate, document);
    setBusy(null);
  };
  return (
    <>
      <Button
        size={size}
        variant="outline"
        loading={busy === 'qr'}
        aria-label={`Download the QR code of ${plate.plateNumber}`}
        onClick={() => void run('qr')}
      >
        Download QR
      </Button>
      <Button
        size={size}
        variant="outline"
        loading={busy === 'certificate'}
        aria-label={`Download the certificate of ${plate.plateNumber}`}
        onClick={() => void run('certificate')}
      >
        Certificate
      </Button>
    </>
  );
}
