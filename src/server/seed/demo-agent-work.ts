/**
 * Orders for the demo plate maker's shop (until plate-request review assigns real
 * ones) and a few records of their work, dated relative to the seeding day so the
 * overview's trends have something to compare.
 */
import type { NewAgentOrder } from '../repositories/agent-repository';

const DAY_MS = 24 * 3600 * 1000;
const daysFrom = (now: number, days: number) => new Date(now + days * DAY_MS).toISOString();
const dayFrom = (now: number, days: number) => daysFrom(now, days).slice(0, 10);

type OrderRow = [
  customer: string,
  nrc: string,
  phone: string,
  plate: string,
  type: string,
  vehicle: string,
  status: 'Pending' | 'Fulfilled',
  createdDaysAgo: number,
  collectInDays: number,
];

const ORDERS: OrderRow[] = [
  ['Mwila Banda', '123456/78/9', '+260971234567', 'ZM-101-ABC', 'Private', 'Toyota Corolla (white)', 'Pending', 2, 3],
  ['Chileshe Mwansa', '234567/89/1', '+260962345678', 'ZM-102-KLM', 'Private', 'Honda Fit (silver)', 'Pending', 5, 1],
  [
    'Lusaka Freight Ltd',
    '345678/90/1',
    '+260953456789',
    'ZM-103-TRK',
    'Commercial',
    'Isuzu FVR (blue)',
    'Pending',
    9,
    4,
  ],
  ['Bupe Tembo', '456789/01/2', '+260974567890', 'ZM-104-BPT', 'Personalized', 'Mazda CX-5 (red)', 'Pending', 12, 2],
  [
    'Kondwani Phiri',
    '567890/12/3',
    '+260965678901',
    'ZM-777-LCK',
    'Premium',
    'Mercedes C200 (black)',
    'Fulfilled',
    20,
    -10,
  ],
  [
    'Natasha Zulu',
    '678901/23/4',
    '+260956789012',
    'ZM-105-NZU',
    'Private',
    'Nissan X-Trail (grey)',
    'Fulfilled',
    35,
    -25,
  ],
  [
    'Ministry of Health',
    '789012/34/5',
    '+260977890123',
    'GRZ-201-MH',
    'Government',
    'Toyota Land Cruiser (white)',
    'Fulfilled',
    40,
    -30,
  ],
  ['Mapalo Daka', '890123/45/6', '+260968901234', 'ZM-106-MDK', 'Private', 'Suzuki Swift (yellow)', 'Pending', 1, 6],
];

export function demoAgentOrders(agentId: string, now: number): NewAgentOrder[] {
  return ORDERS.map(
    (
      [
        customerName,
        customerNrc,
        customerPhone,
        plateNumber,
        plateType,
        vehicle,
        status,
        createdDaysAgo,
        collectInDays,
      ],
      index,
    ) => ({
      id: `ORD-${String(index + 1).padStart(3, '0')}`,
      agentId,
      customerName,
      customerNrc,
      customerPhone,
      plateNumber,
      plateType,
      vehicle,
      status,
      createdAt: daysFrom(now, -createdDaysAgo),
      collectionDate: dayFrom(now, collectInDays),
    }),
  );
}

/** Fixed ids, so seeding again adds nothing. */
export function demoAgentRecords(now: number) {
  return {
    whitebook: [
      {
        id: '0190f5d2-0001-7000-8000-000000000001',
        plateNumber: 'ZM-777-LCK',
        vehicleMake: 'Mercedes-Benz',
        vehicleModel: 'C200',
        vehicleColour: 'Black',
        vehicleYear: 2018,
        chassisNumber: 'WDD2050421R123456',
        ownerName: 'Kondwani Phiri',
        ownerNrc: '567890/12/3',
        saleDate: dayFrom(now, -12),
        registrationNumber: 'BAK 4521',
        entitlementReference: 'ORD-005',
      },
      {
        id: '0190f5d2-0001-7000-8000-000000000002',
        plateNumber: 'ZM-105-NZU',
        vehicleMake: 'Nissan',
        vehicleModel: 'X-Trail',
        vehicleColour: 'Grey',
        vehicleYear: 2017,
        chassisNumber: 'JN1TBNT32U0105432',
        ownerName: 'Natasha Zulu',
        ownerNrc: '678901/23/4',
        saleDate: dayFrom(now, -33),
        registrationNumber: 'BCD 1180',
        entitlementReference: 'ORD-006',
      },
    ],
    manufacturing: [
      {
        id: '0190f5d2-0002-7000-8000-000000000001',
        plateNumber: 'ZM-101-ABC',
        status: 'In Production' as const,
        batchNumber: 'B-2611-01',
        productionDate: dayFrom(now, -1),
        notes: '',
      },
      {
        id: '0190f5d2-0002-7000-8000-000000000002',
        plateNumber: 'ZM-777-LCK',
        status: 'Collected' as const,
        batchNumber: 'B-2610-07',
        productionDate: dayFrom(now, -14),
        notes: 'Reflective premium finish',
      },
    ],
    inventory: [
      {
        id: '0190f5d2-0003-7000-8000-000000000001',
        itemType: 'Plate Blanks' as const,
        quantity: 200,
        batchNumber: 'BLK-2611',
        receivedDate: dayFrom(now, -6),
        allocationId: null,
      },
      {
        id: '0190f5d2-0003-7000-8000-000000000002',
        itemType: 'Raw Materials' as const,
        quantity: 40,
        batchNumber: 'RM-2611',
        receivedDate: dayFrom(now, -6),
        allocationId: null,
      },
      {
        id: '0190f5d2-0003-7000-8000-000000000003',
        itemType: 'Plate Blanks' as const,
        quantity: 150,
        batchNumber: 'BLK-2610',
        receivedDate: dayFrom(now, -40),
        allocationId: null,
      },
    ],
  };
}
