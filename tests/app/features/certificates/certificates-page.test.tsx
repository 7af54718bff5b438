// The Certificates page as the server renderer draws it from a given device copy (the
// hook that reads the store is replaced): what an owner sees in each case.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type CertificateRows, certificateRows } from '../../../../src/app/features/certificates/certificate-rows';
import { CertificatesPage } from '../../../../src/app/features/certificates/certificates-page';
import { appSystem } from '../../../../src/app/theme/system';
import { COROLLA } from '../../../domain/credential/credential-test-kit';
import { heldPlate, registeredPlate } from './owned-plate-fixture';

const copy = vi.hoisted(() => ({ rows: undefined as CertificateRows | undefined }));
vi.mock('../../../../src/app/features/certificates/use-my-certificates', () => ({
  useMyCertificates: () => copy.rows,
}));

function renderedHtml(): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <CertificatesPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

/** The page's text, without styles, markup or the comments React puts between text parts. */
function renderedText(): string {
  return renderedHtml()
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

beforeEach(() => {
  copy.rows = undefined;
});

describe('CertificatesPage', () => {
  it('shows a card for each registered plate with its vehicle, owner, dates, standing and both downloads', () => {
    copy.rows = certificateRows(
      [registeredPlate(), registeredPlate({ ...COROLLA, plateNumber: 'ZM-100-AAA', expiryDate: '2026-12-01' })],
      new Map(),
      '2026-11-22',
    );
    const text = renderedText();
    expect(text).toContain('ZM-123-ABC');
    expect(text).toContain('Toyota Corolla · Silver · 2019');
    expect(text).toContain('Mwila Banda');
    expect(text).toContain('15 Mar 2024');
    expect(text).toContain('15 Mar 2029');
    expect(text).toContain(`Certificate No. ${copy.rows.cards[1]?.certificateNumber}`);
    expect(text).toMatch(/ZM-100-AAA .*Expires soon Expires in 9 days/);
    expect(text).toMatch(/ZM-123-ABC .*Valid/);
    const html = renderedHtml();
    expect(html).toContain('aria-label="Download certificate (PDF) for ZM-123-ABC"');
    expect(html).toContain('aria-label="Download QR for ZM-100-AAA"');
    expect(text.match(/Download certificate \(PDF\)/g)).toHaveLength(2);
  });

  it('lists plates not registered yet apart, with their progress', () => {
    copy.rows = certificateRows(
      [registeredPlate(), { ...heldPlate('ZM-456-DEF'), stage: 'Made', manufacturingStatus: 'Ready for Collection' }],
      new Map(),
      '2026-11-22',
    );
    const text = renderedText();
    expect(text).toContain('Not Registered Yet');
    expect(text).toContain(
      'ZM-456-DEF Ready for collection Certificate available once registered Ready for collection at Lusaka Plate Works from 30 Nov 2026.',
    );
  });

  it('says no plate is registered yet when only pending plates are on the device', () => {
    copy.rows = certificateRows([heldPlate('ZM-456-DEF')], new Map(), '2026-11-22');
    const text = renderedText();
    expect(text).toContain('None of your plates is registered yet.');
    expect(text).not.toContain('Download QR');
  });

  it('shows an empty state leading to the marketplace and the application', () => {
    copy.rows = { cards: [], pending: [] };
    const html = renderedHtml();
    expect(renderedText()).toContain('No certificates yet');
    expect(html).toMatch(/<a [^>]*href="\/marketplace"[^>]*>Browse Plates<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/buy-process"[^>]*>Apply for Plates<\/a>/);
  });

  it('says it works from the copy on this device, and shows loading until the copy is read', () => {
    const text = renderedText();
    expect(text).toContain('Certificates and QR codes are made on this device from its copy of your plates');
    expect(text).toContain('Loading your certificates…');
  });
});
