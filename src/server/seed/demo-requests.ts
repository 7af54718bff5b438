/**
 * Plate requests for the administrator's Plate Requests screen in the demo data set,
 * one per situation: pending and paid, under review with a bank transfer waiting,
 * approved with manufacturing started (so approve/reject is refused), approved and not
 * started, rejected with a reason, and one whose vehicle is not yet registered. The approved ones use the
 * demo plate maker's existing orders, so the shop's workload stays as seeded.
 * Seeded once, under its own meta key, through the same repositories as real requests.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_PRICING, type PaymentMethodId } from '#domain/pricing/pricing';
import { ngwee } from '#domain/money/money';
import { paymentExpiresAt } from '#domain/payments/payment';
import type { RequestStatus } from '#domain/statuses/statuses';
import type { Database, Queryable } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { agentRepository } from '../repositories/agent-repository';
import { metaRepository } from '../repositories/meta-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { applicationRepository, type StoredApplication } from '../repositories/application-repository';
import { userRepository } from '../repositories/user-repository';
import { applicationDescription, applicationLines } from '../payments/application-checkout';
import { settleRefund, startRefund } from '../payments/refunds';

export const DEMO_REQUESTS_SEED_VERSION = '2';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface DemoRequest {
  account: 'buyer' | 'insurer';
  applicant: string;
  nrc: string;
  phone: string;
  email: string;
  address: string;
  vehicle: string;
  quantity: number;
  plateType: string;
  color: string;
  specialRequests: string;
  method: PaymentMethodId;
  paid: boolean;
  status: RequestStatus;
  hoursAgo: number;
  /** Approved: the demo shop's order (and plate) already made for it. */
  order?: { id: string; plateNumber: string };
  rejectionReason?: string;
}

const REQUESTS: DemoRequest[] = [
  {
    account: 'buyer',
    applicant: 'Kondwani Phiri',
    nrc: '567890/12/3',
    phone: '+260965678901',
    email: 'kondwani.phiri@example.zm',
    address: '3 Mosi-oa-Tunya Road, Livingstone',
    vehicle: 'Nissan Hardbody (grey)',
    quantity: 1,
    plateType: 'Standard',
    color: 'White',
    specialRequests: '',
    method: 'mtn',
    paid: true,
    status: 'Rejected',
    hoursAgo: 10 * 24,
    rejectionReason: 'The NRC number does not match the name on the application.',
  },
  {
    account: 'buyer',
    applicant: 'Mwila Banda',
    nrc: '123456/78/9',
    phone: '+260971234567',
    email: 'buyer@nambala.zm',
    address: 'Plot 12, Kabulonga Road, Lusaka',
    vehicle: 'Toyota Corolla (white)',
    quantity: 1,
    plateType: 'Standard',
    color: 'White',
    specialRequests: '',
    method: 'airtel',
    paid: true,
    status: 'Approved',
    hoursAgo: 8 * 24,
    order: { id: 'ORD-001', plateNumber: 'ZM-101-ABC' },
  },
  {
    account: 'buyer',
    applicant: 'Chileshe Mwansa',
    nrc: '234567/89/1',
    phone: '+260962345678',
    email: 'chileshe.mwansa@example.zm',
    address: '45 Independence Avenue, Lusaka',
    vehicle: 'Honda Fit (silver)',
    quantity: 1,
    plateType: 'Standard',
    color: 'Silver',
    specialRequests: 'Collect from the Cairo Road shop',
    method: 'card',
    paid: true,
    status: 'Approved',
    hoursAgo: 6 * 24,
    order: { id: 'ORD-002', plateNumber: 'ZM-102-KLM' },
  },
  {
    account: 'buyer',
    applicant: 'Lusaka Freight Ltd',
    nrc: '345678/90/1',
    phone: '+260953456789',
    email: 'fleet@lusakafreight.example.zm',
    address: 'Stand 300, Mumbwa Road Industrial Area, Lusaka',
    vehicle: 'Isuzu FVR (blue)',
    quantity: 3,
    plateType: 'Commercial',
    color: 'Yellow',
    specialRequests: 'Three trucks of the same fleet; deliver to the depot',
    method: 'bank',
    paid: false,
    status: 'Under Review',
    hoursAgo: 3 * 24,
  },
  {
    account: 'buyer',
    applicant: 'Bupe Tembo',
    nrc: '456789/01/2',
    phone: '+260974567890',
    email: 'bupe.tembo@example.zm',
    address: '7 Buteko Avenue, Ndola',
    vehicle: 'Mazda CX-5 (red)',
    quantity: 2,
    plateType: 'Personalized',
    color: 'White',
    specialRequests: 'Front and rear with the reflective finish',
    method: 'airtel',
    paid: true,
    status: 'Pending',
    hoursAgo: 26,
  },
  {
    account: 'insurer',
    applicant: 'Natasha Zulu',
    nrc: '678901/23/4',
    phone: '+260966789012',
    email: 'insurer@nambala.zm',
    address: '22 Chilimbulu Road, Lusaka',
    vehicle: 'Toyota Vitz, registration not yet known',
    quantity: 1,
    plateType: 'Standard',
    color: '',
    specialRequests: '',
    method: 'card',
    paid: true,
    status: 'Pending',
    hoursAgo: 2,
  },
];

/** Deterministic ids, so a seed that runs twice (it cannot: the meta key) would clash loudly rather than double. */
const demoUuid = (n: number) => `0190f5d2-0006-7000-8000-${String(n).padStart(12, '0')}`;

/**
 * A demo application and its payment, stored as the wizard's submit stores them; `n` makes
 * their ids. Undefined when it is stored already.
 */
export async function insertDemoApplication(
  tx: Queryable,
  applicantId: string,
  demo: DemoRequest,
  n: number,
  createdAt: Date,
): Promise<StoredApplication | undefined> {
  const request = await applicationRepository(tx).insert({
    applicationId: demoUuid(n),
    applicantId,
    applicantName: demo.applicant,
    nrcNumber: demo.nrc,
    phone: demo.phone,
    email: demo.email,
    address: demo.address,
    quantity: demo.quantity,
    paymentMethod: demo.method,
    createdAt,
    vehicle: demo.vehicle,
    plateType: demo.plateType,
    color: demo.color,
    specialRequests: demo.specialRequests,
    status: demo.status === 'Under Review' ? 'Under Review' : 'Pending',
  });
  if (!request) return undefined;
  const charge = applicationLines(demo.quantity, demo.method, DEFAULT_PRICING);
  const paidAt = new Date(createdAt.getTime() + 5 * 60 * 1000);
  await paymentRepository(tx).insert({
    id: demoUuid(100 + n),
    payerId: applicantId,
    idempotencyKey: request.applicationId,
    purpose: 'application',
    listingId: null,
    requestId: request.id,
    description: applicationDescription(request),
    lines: charge.lines,
    method: demo.method,
    amount: ngwee(charge.amount),
    provider: 'sandbox',
    payerPhone: demo.method === 'mtn' || demo.method === 'airtel' ? demo.phone : null,
    card: demo.method === 'card' ? { brand: 'Visa', last4: '4242' } : null,
    expiresAt: paymentExpiresAt({ method: demo.method, createdAt: createdAt.toISOString() })?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    status: demo.paid ? 'approved' : 'pending',
    settledAt: demo.paid ? paidAt.toISOString() : null,
  });
  return request;
}

export async function seedDemoRequests(db: Database, log: FastifyBaseLogger, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_requests')) === DEMO_REQUESTS_SEED_VERSION) return false;
    const users = userRepository(tx);
    const accounts = {
      buyer: (await users.findCredentials('buyer@nambala.zm'))?.user,
      insurer: (await users.findCredentials('insurer@nambala.zm'))?.user,
    };
    const admin = (await users.findCredentials('admin@nambala.zm'))?.user;
    const agent = (await users.findCredentials('agent@nambala.zm'))?.user;
    const requests = applicationRepository(tx);
    let seeded = 0;
    for (const [index, demo] of REQUESTS.entries()) {
      const applicant = accounts[demo.account];
      if (!applicant) continue;
      const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS);
      const request = await insertDemoApplication(tx, applicant.id, demo, index + 1, createdAt);
      if (!request) continue;
      const decidedAt = new Date(createdAt.getTime() + DAY_MS / 2);
      if (demo.status === 'Approved' && demo.order && agent) {
        await requests.claimNumber({
          plateNumber: demo.order.plateNumber,
          requestId: request.id,
          agentId: agent.id,
          orderId: demo.order.id,
          at: decidedAt,
        });
        // The shop's order (seeded with the shop's work) now names the application, as an approval's does.
        await agentRepository(tx).setOrderReferences(demo.order.id, {
          reference: request.reference,
          requestId: request.id,
        });
        // Held for the applicant in the registry, as an approval does (the shop's order was seeded with the shop's work).
        await plateLifecycle(tx).hold(
          {
            plateNumber: demo.order.plateNumber,
            ownerId: applicant.id,
            ownerName: request.applicant,
            ownerNrc: request.nrcNumber,
            source: 'application',
            sourceRef: request.id,
            agentId: agent.id,
            orderId: demo.order.id,
            at: decidedAt,
          },
          { id: admin?.id ?? null },
        );
        await requests.setDecision(request.id, {
          status: 'Approved',
          rejectionReason: null,
          agentId: agent.id,
          decidedBy: admin?.id ?? applicant.id,
          decidedAt,
        });
      }
      if (demo.status === 'Rejected') {
        await requests.setDecision(request.id, {
          status: 'Rejected',
          rejectionReason: demo.rejectionReason ?? null,
          agentId: null,
          decidedBy: admin?.id ?? applicant.id,
          decidedAt,
        });
        // A paid request that was rejected was refunded: started with the decision, refunded by the provider soon after.
        const [payment] = await paymentRepository(tx).forRequest(request.id);
        const refund =
          payment?.status === 'approved'
            ? await startRefund(tx, {
                paymentId: payment.id,
                reason: 'application-rejected',
                requestedBy: admin?.id ?? null,
                at: decidedAt,
              })
            : null;
        if (refund?.status === 'pending')
          await settleRefund(tx, refund.id, { type: 'refunded' }, { at: new Date(decidedAt.getTime() + HOUR_MS) });
      }
      seeded += 1;
    }
    await meta.set('demo_requests', DEMO_REQUESTS_SEED_VERSION);
    log.info({ requests: seeded }, 'demo plate requests seeded');
    return true;
  });
}
