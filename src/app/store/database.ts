/**
 * The device's local database (IndexedDB through Dexie). This folder is the only
 * code that imports Dexie: features read through live-query hooks and write
 * through mutate(), so the row and its outbox entry always travel together.
 *
 * Schema upgrades: never drop the outbox table or change its primary key; a new
 * version must carry pending entries over (see docs/decisions).
 */
import type { PlateListing } from '#domain/marketplace/listing';
import type { AgentOrder, InventoryItem, ManufacturingRecord, WhitebookEntry } from '#domain/agent/workspace';
import type { InventoryAllocation } from '#domain/inventory/allocation';
import type { SpoiledBlank } from '#domain/serials/serial-schemas';
import type { UserStatus, UserType } from '#domain/statuses/statuses';
import type { PlateFlag, PoliceCheck } from '#domain/police/police';
import type { Revocation, TrustedKey } from '#domain/credential/verdict';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { OwnerOrder } from '#domain/plates/owner-order';
import type { PlateTransfer } from '#domain/plates/transfer';
import type { Driver, Vehicle } from '#domain/fleet/vehicle';
import type { Receipt } from '#domain/payments/receipt';
import type { InsuranceCustomer } from '#domain/insurance/customer';
import type { InsurancePolicy } from '#domain/insurance/policy-terms';
import type { InsuranceClaim } from '#domain/insurance/claim';
import type { IntegrityAlert } from '#domain/integrity/integrity-alert';
import { Dexie, type EntityTable } from 'dexie';

/** Live queries over the store, from the same module so a screen loads both at once. */
export { liveQuery } from 'dexie';

export type SyncState = 'pending' | 'synced' | 'rejected';

/** A change made on this device and not yet confirmed by the server. */
export interface OutboxEntry {
  /** UUIDv7 made on the device: the server applies each id at most once. */
  id: string;
  intent: string;
  payload: unknown;
  /** The local row this change belongs to, to mark it synced or rejected. */
  table: LocalTableName;
  rowId: string;
  createdAt: number;
  status: 'pending' | 'rejected';
  attempts: number;
  /** The local row as it was before this change (absent for a new row): a discarded change puts it back. */
  before?: unknown;
  /** Why the server refused it, in words for the user. */
  rejection?: string;
  rejectionFields?: Record<string, string>;
}

export interface LocalContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: number;
  syncState: SyncState;
}

/**
 * A favourite plate. A visitor's stay on this device (no syncState); a signed-in
 * buyer's travel through the outbox and the change log to their other devices, and a
 * visitor's are handed to their account when they sign in.
 */
export interface FavouriteEntry {
  listingId: string;
  createdAt: number;
  syncState?: SyncState;
  /** Cleared on this device, waiting for the server to confirm. */
  removed?: boolean;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** An account as the administrator's list shows it (kept on the device of an administrator). */
export interface LocalUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  userType: UserType;
  status: UserStatus;
  requestedRole: string | null;
  businessName: string | null;
  licenseNumber: string | null;
  /** A plate shop whose right to record the registry suspended: the reason. */
  recordingSuspended?: string | null;
  roles: string[];
  lastActiveAt: string | null;
  createdAt: string;
  syncState?: SyncState;
  /** Deleted on this device, waiting for the server to confirm. */
  isDeleted?: boolean;
}

export interface LocalNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
  syncState?: SyncState;
}

/** The signed-in user's own profile, as edited on this device. */
export interface LocalProfile {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  syncState?: SyncState;
}

/** The agent's records, as the change log brings them and as the agent makes them on this device. */
export type LocalWhitebookEntry = Omit<WhitebookEntry, 'plateNumber'> & {
  plateNumber: string;
  agentId?: string;
  createdAt: string;
  syncState?: SyncState;
};
export type LocalManufacturingRecord = Omit<ManufacturingRecord, 'plateNumber'> & {
  plateNumber: string;
  agentId?: string;
  createdAt: string;
  syncState?: SyncState;
};
export type LocalInventoryItem = InventoryItem & { agentId?: string; createdAt: string; syncState?: SyncState };
/** A blank the shop recorded as spoiled (the shop's devices and administrators'). */
export type LocalSpoiledBlank = SpoiledBlank & {
  shopId?: string;
  recordedAt?: string;
  createdAt?: string;
  syncState?: SyncState;
};
export type LocalAgentOrder = AgentOrder & { syncState?: SyncState };

/** A roadside check as the officer's device keeps it (made here, or pulled from another device of theirs). */
export type LocalPoliceCheck = Omit<PoliceCheck, 'plateNumber'> & {
  plateNumber: string;
  officerId?: string;
  syncState?: SyncState;
};
/** A flag on a suspect plate: the officer's own, or every flag on an administrator's device. */
export type LocalPlateFlag = Omit<
  PlateFlag,
  'plateNumber' | 'officerId' | 'officerName' | 'status' | 'decisionNote' | 'createdAt' | 'decidedAt'
> &
  Partial<Pick<PlateFlag, 'officerId' | 'officerName' | 'decisionNote' | 'decidedAt'>> & {
    plateNumber: string;
    status: PlateFlag['status'];
    createdAt: string;
    syncState?: SyncState;
  };

/**
 * One bucket of the device's copy of the verification registry: its plates as one
 * text block (see src/domain/registry/registry-copy.ts) and the version it was copied at.
 */
export interface RegistryBucket {
  bucket: number;
  version: number;
  rows: string;
}

/** An owner's plate, from held to registered (src/domain/plates/owned-plate.ts). */
export type LocalOwnedPlate = OwnedPlate & { syncState?: SyncState };
export type LocalVehicle = Vehicle & { syncState?: SyncState; isDeleted?: boolean };
export type LocalDriver = Driver & { syncState?: SyncState; isDeleted?: boolean };
export type LocalPlateTransfer = PlateTransfer & { syncState?: SyncState };
export type LocalOwnerOrder = OwnerOrder & { syncState?: SyncState };

/** A payment as the owner's Payments page shows it: its receipt, kept for offline reading (see pull.ts). */
export type LocalPayment = Receipt & { syncState?: SyncState };

/** An insurance agent's customer and policy, as the change log brings them (a customer also as saved on this device). */
export type LocalInsuranceCustomer = Omit<InsuranceCustomer, 'agentId' | 'accountId'> & {
  agentId?: string;
  accountId?: string | null;
  syncState?: SyncState;
};
export type LocalInsurancePolicy = InsurancePolicy & { syncState?: SyncState };
/** A claim: as the change log brings it, or as recorded on this device (numbered by the server when it arrives: '' until then). */
export type LocalInsuranceClaim = InsuranceClaim & { syncState?: SyncState };
/**
 * A claim photo taken on this device, resized, with its bytes: kept apart from the claim's
 * row (which the change log replaces) and never touched by a pull, so a photo stays here
 * until the server has it. `id` is `<claimId>/<sha256>`.
 */
export interface LocalClaimPhotoFile {
  id: string;
  claimId: string;
  sha256: string;
  blob: Blob;
  size: number;
  width: number;
  height: number;
  /** 'waiting' until the server has every byte and says so. */
  state: 'waiting' | 'uploaded';
  createdAt: number;
}

/** An inventory allocation (administrators: all; a shop: its own), and a setting kept for offline reading (the stock thresholds). */
export type LocalInventoryAllocation = InventoryAllocation & { syncState?: SyncState; isDeleted?: boolean };
export interface LocalSetting {
  id: string;
  value: unknown;
  updatedAt: string;
}

/** An integrity alert, as the change log brings it to an administrator's device (and as reviewed here, until the server confirms). */
export type LocalIntegrityAlert = IntegrityAlert & { syncState?: SyncState };

/** Tables filled from the change log, by the entity name the server uses. */
export const CHANGE_LOG_TABLES = {
  ownedPlate: 'ownedPlates',
  vehicle: 'vehicles',
  driver: 'drivers',
  plateTransfer: 'plateTransfers',
  agentOrder: 'agentOrders',
  whitebookEntry: 'whitebookEntries',
  manufacturingRecord: 'manufacturingRecords',
  inventoryItem: 'inventoryItems',
  policeCheck: 'policeChecks',
  plateFlag: 'plateFlags',
  favourite: 'favourites',
  insuranceCustomer: 'insuranceCustomers',
  insurancePolicy: 'insurancePolicies',
  insuranceClaim: 'insuranceClaims',
  inventoryAllocation: 'inventoryAllocations',
  setting: 'settings',
  integrityAlert: 'integrityAlerts',
  spoiledBlank: 'spoiledBlanks',
} as const;
export type ChangeLogTable = (typeof CHANGE_LOG_TABLES)[keyof typeof CHANGE_LOG_TABLES];

export type LocalTableName =
  'contactMessages' | 'adminUsers' | 'notifications' | 'profiles' | 'myOrders' | 'myPayments' | ChangeLogTable;

export class NambalaDatabase extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'id'>;
  contactMessages!: EntityTable<LocalContactMessage, 'id'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  /** Server data kept for offline reading; replaced by each pull. */
  listings!: EntityTable<PlateListing, 'id'>;
  favourites!: EntityTable<FavouriteEntry, 'listingId'>;
  adminUsers!: EntityTable<LocalUser, 'id'>;
  notifications!: EntityTable<LocalNotification, 'id'>;
  profiles!: EntityTable<LocalProfile, 'id'>;
  agentOrders!: EntityTable<LocalAgentOrder, 'id'>;
  whitebookEntries!: EntityTable<LocalWhitebookEntry, 'id'>;
  manufacturingRecords!: EntityTable<LocalManufacturingRecord, 'id'>;
  inventoryItems!: EntityTable<LocalInventoryItem, 'id'>;
  policeChecks!: EntityTable<LocalPoliceCheck, 'id'>;
  plateFlags!: EntityTable<LocalPlateFlag, 'id'>;
  /** The registry's public keys and revocation list: public, kept for verifying QR codes offline. */
  trustKeys!: EntityTable<TrustedKey, 'keyId'>;
  revocations!: EntityTable<Revocation, 'plateNumber'>;
  /** The verification registry copy (officers and administrators only). */
  registryBuckets!: EntityTable<RegistryBucket, 'bucket'>;
  /** The signed-in owner's plates, vehicles, drivers, transfers, orders and payments. */
  ownedPlates!: EntityTable<LocalOwnedPlate, 'id'>;
  vehicles!: EntityTable<LocalVehicle, 'id'>;
  drivers!: EntityTable<LocalDriver, 'id'>;
  plateTransfers!: EntityTable<LocalPlateTransfer, 'id'>;
  myOrders!: EntityTable<LocalOwnerOrder, 'id'>;
  myPayments!: EntityTable<LocalPayment, 'id'>;
  /** The signed-in insurance agent's customers and policies. */
  insuranceCustomers!: EntityTable<LocalInsuranceCustomer, 'id'>;
  insurancePolicies!: EntityTable<LocalInsurancePolicy, 'id'>;
  /** The insurance agent's claims, and the photos taken on this device with their bytes. */
  insuranceClaims!: EntityTable<LocalInsuranceClaim, 'id'>;
  claimPhotoFiles!: EntityTable<LocalClaimPhotoFile, 'id'>;
  /** Blanks allocated to plate-maker shops, and settings devices read offline. */
  inventoryAllocations!: EntityTable<LocalInventoryAllocation, 'id'>;
  settings!: EntityTable<LocalSetting, 'id'>;
  /** The administrators' integrity queue. */
  integrityAlerts!: EntityTable<LocalIntegrityAlert, 'id'>;
  /** Blanks the shop recorded as spoiled, with their reasons. */
  spoiledBlanks!: EntityTable<LocalSpoiledBlank, 'id'>;

  constructor(name = 'nambala') {
    super(name);
    // The whole schema, as one version. Dexie compares it with the schema a device has installed
    // and adds what is missing, so the versions before it (each only added tables; none had an
    // upgrade) need not be declared: declared, all ten were worked through on every start, a
    // task of 20-30 ms on a slow phone's CPU as the marketplace became ready. A later version
    // declares its whole schema again, and keeps this one only if it adds an upgrade.
    this.version(10).stores({
      outbox: 'id, status, createdAt',
      contactMessages: 'id, createdAt, syncState',
      meta: 'key',
      listings: 'id, number, status',
      favourites: 'listingId',
      adminUsers: 'id, status, userType',
      notifications: 'id, createdAt',
      profiles: 'id',
      // The agent's workspace, filled from the change log.
      agentOrders: 'id, status, createdAt',
      whitebookEntries: 'id, saleDate, createdAt',
      manufacturingRecords: 'id, createdAt',
      inventoryItems: 'id, receivedDate, createdAt',
      // Verification: keys, revocations, the registry copy, checks and flags.
      policeChecks: 'id, checkedAt',
      plateFlags: 'id, status, createdAt',
      trustKeys: 'keyId',
      revocations: 'plateNumber',
      registryBuckets: 'bucket',
      // The owner's dashboard: plates, vehicles and drivers, transfers, orders and payments.
      ownedPlates: 'id, stage, heldAt',
      vehicles: 'id, plateNumber, updatedAt',
      drivers: 'id, name',
      plateTransfers: 'id, status, createdAt',
      myOrders: 'id, createdAt',
      myPayments: 'id, createdAt',
      // The insurance agent's customers, policies and claims, and the claim photos taken here.
      insuranceCustomers: 'id, name, updatedAt',
      insurancePolicies: 'id, plateNumber, customerId, createdAt',
      insuranceClaims: 'id, status, createdAt',
      claimPhotoFiles: 'id, claimId, state',
      // Inventory allocations, and the settings kept for offline reading.
      inventoryAllocations: 'id, shopId, plateType, createdAt',
      settings: 'id',
      // The integrity queue (administrators), and the shop's spoiled blanks (decision 042).
      integrityAlerts: 'id, status, createdAt',
      spoiledBlanks: 'id, serial, recordedAt',
    });
  }
}

export const db = new NambalaDatabase();
