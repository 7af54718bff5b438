/**
 * Claims and the overview's claim figures, rendered from the device's store: the list with
 * each claim's number (or that it is not yet numbered), holder, plate, photos waiting to
 * upload and status; the overview's Open Claims, Claims Paid This Month and latest claims.
 */
import { NO_CLAIM_AMOUNTS } from '#domain/insurance/claim-amounts';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ngwee } from '../../../../src/domain/money/money';
import type { ClaimsData } from '../../../../src/app/features/insurance/claim-query';
import { ClaimsPage } from '../../../../src/app/features/insurance/claims-page';
import { InsuranceOverviewPage } from '../../../../src/app/features/insurance/insurance-overview-page';
import type {
  LocalClaimPhotoFile,
  LocalInsuranceClaim,
  LocalInsuranceCustomer,
  LocalInsurancePolicy,
} from '../../../../src/app/store/database';
import { appSystem } from '../../../../src/app/theme/system';

const copy = vi.hoisted(() => ({ data: undefined as unknown }));
vi.mock('../../../../src/app/store/use-store-query', () => ({ useStoreQuery: () => copy.data }));
vi.mock('../../../../src/app/session/use-session', () => ({
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'agent-1', name: 'Natasha Zulu', email: 'insurer@nambala.zm', roles: ['insurance_agent'] },
  }),
}));
vi.mock('../../../../src/app/sync/use-rejected-entry', () => ({ useRejectedEntry: () => undefined }));
vi.mock('../../../../src/app/components/use-today', () => ({
  useToday: () => '2026-11-24',
  localToday: () => '2026-11-24',
}));
// The uploader is not started while a page is rendered to text.
vi.mock('../../../../src/app/features/insurance/claim-photo-uploader', () => ({
  startUploader: () => undefined,
  removeUploadedPhotos: async () => 0,
  keepPhoto: async () => true,
  dropUnsavedPhotos: async () => undefined,
  uploadClaimPhotos: async () => undefined,
  photoFileId: (a: string, b: string) => `${a}/${b}`,
}));

const customer: LocalInsuranceCustomer = {
  id: 'c1',
  agentId: 'agent-1',
  accountId: null,
  name: 'Mwila Banda',
  nrc: '204518/10/1',
  phone: '+260971234567',
  email: 'buyer@nambala.zm',
  vehicles: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  syncState: 'synced',
};
const policy: LocalInsurancePolicy = {
  id: 'p1',
  policyNumber: 'POL-000001',
  agentId: 'agent-1',
  customerId: 'c1',
  plateNumber: 'ZM-123-ABC',
  type: 'Comprehensive',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  premium: ngwee(485_000),
  insurer: 'Natasha Zulu',
  cancelledAt: null,
  cancelReason: null,
  renewedFrom: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
  syncState: 'synced',
};
const sha = (n: number) => String(n).repeat(64).slice(0, 64);

function claim(id: string, overrides: Partial<LocalInsuranceClaim>): LocalInsuranceClaim {
  return {
    id,
    claimNumber: `CLM-00000${id}`,
    agentId: 'agent-1',
    policyId: 'p1',
    customerId: 'c1',
    plateNumber: 'ZM-123-ABC',
    incidentDate: '2026-11-20',
    incidentPlace: `Place ${id}`,
    description: 'Dented door',
    otherPartyPlate: null,
    status: 'Submitted',
    rejectReason: null,
    photos: [],
    assessedAt: null,
    decidedAt: null,
    paidAt: null,
    ...NO_CLAIM_AMOUNTS,
    createdAt: `2026-11-0${id}T08:00:00.000Z`,
    updatedAt: `2026-11-0${id}T08:00:00.000Z`,
    syncState: 'synced',
    ...overrides,
  };
}

function data(claims: LocalInsuranceClaim[], files: LocalClaimPhotoFile[] = []): ClaimsData {
  const photoFiles = new Map<string, LocalClaimPhotoFile[]>();
  for (const file of files) photoFiles.set(file.claimId, [...(photoFiles.get(file.claimId) ?? []), file]);
  const waiting = files.filter((file) => file.state === 'waiting');
  return {
    customers: [customer],
    policies: [policy],
    customerById: new Map([[customer.id, customer]]),
    claims,
    photoFiles,
    waitingPhotos: { count: waiting.length, bytes: waiting.reduce((sum, file) => sum + file.size, 0) },
  };
}

function textOf(page: ReactElement): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>{page}</MemoryRouter>
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

beforeEach(() => {
  copy.data = undefined;
});

describe('claims pages', () => {
  it('lists claims with holder, plate, photos waiting to upload and status; an offline claim as not yet numbered', () => {
    const file: LocalClaimPhotoFile = {
      id: `9/${sha(1)}`,
      claimId: '9',
      sha256: sha(1),
      blob: new Blob([]),
      size: 1000,
      width: 1600,
      height: 1200,
      state: 'waiting',
      createdAt: 1,
    };
    copy.data = data(
      [
        claim('9', {
          claimNumber: '',
          syncState: 'pending',
          photos: [{ sha256: sha(1), size: 1000, width: 1600, height: 1200, isComplete: false }],
        }),
        claim('2', {
          status: 'Under Assessment',
          photos: [{ sha256: sha(2), size: 1000, width: 1600, height: 1200, isComplete: true }],
        }),
        claim('1', { status: 'Paid', paidAt: '2026-11-10T08:00:00.000Z' }),
      ],
      [file],
    );
    const text = textOf(<ClaimsPage />);
    expect(text).toMatch(
      /Not yet numbered .*Mwila Banda .*ZM-123-ABC .*Place 9 .*1 \(1 waiting to upload\) .*Submitted/,
    );
    expect(text).toMatch(/CLM-000002 .*Under Assessment/);
    expect(text).toMatch(/CLM-000001 .*Paid/);
    expect(text).toContain('3 claims');
    expect(text).toContain('1 photo (1 KB) waiting to upload.');
  });

  it('shows open claims, claims paid this month and the latest claims on the overview', () => {
    copy.data = data([
      claim('1', { status: 'Paid', paidAt: '2026-11-10T08:00:00.000Z' }),
      claim('2', { status: 'Paid', paidAt: '2026-10-10T08:00:00.000Z' }),
      claim('3', { status: 'Approved' }),
      claim('4', { status: 'Rejected', rejectReason: 'Old damage' }),
      claim('5', {}),
    ]);
    const text = textOf(<InsuranceOverviewPage />);
    expect(text).toMatch(/Open Claims 2 /);
    expect(text).toMatch(/Claims Paid This Month 1 /);
    expect(text).toMatch(/Latest Claims .*CLM-000005/);
  });

  it('totals the claims’ money on the overview and the claims shown, and lists each claim’s latest figure', () => {
    copy.data = data([
      claim('1', {
        status: 'Paid',
        paidAt: '2026-11-10T08:00:00.000Z',
        claimedAmount: ngwee(1_875_000),
        assessedAmount: ngwee(1_790_000),
        approvedAmount: ngwee(1_790_000),
        paidAmount: ngwee(1_790_000),
        paymentMethod: 'Bank transfer',
        paymentReference: 'MGI-PAY-0417',
        paidOn: '2026-11-10',
      }),
      claim('2', {
        status: 'Approved',
        claimedAmount: ngwee(480_000),
        assessedAmount: ngwee(480_000),
        approvedAmount: ngwee(450_000),
      }),
      claim('3', { claimedAmount: ngwee(850_000) }),
      // Recorded before claims carried money: counts as nothing.
      claim('4', {}),
    ]);
    const overview = textOf(<InsuranceOverviewPage />);
    expect(overview).toMatch(/Total Claimed K32,050.00 /);
    expect(overview).toMatch(/Total Approved K22,400.00 /);
    expect(overview).toMatch(/Total Paid K17,900.00 /);
    expect(overview).toMatch(/Approved, Not Yet Paid K4,500.00 /);
    const page = textOf(<ClaimsPage />);
    expect(page).toMatch(/Totals of the claims shown|Total Claimed K32,050.00/);
    expect(page).toMatch(/CLM-000001 .*K17,900.00 Paid/);
    expect(page).toMatch(/CLM-000002 .*K4,500.00 Approved/);
    expect(page).toMatch(/CLM-000003 .*K8,500.00 Claimed/);
  });

  it('says when there are no claims yet', () => {
    copy.data = data([]);
    expect(textOf(<ClaimsPage />)).toContain('No claims yet');
  });
});
