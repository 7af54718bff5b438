/**
 * The owner's dashboard data from the device's store: their plates, orders in progress,
 * vehicles and incoming or outgoing transfers. What sync last brought, so it reads the
 * same offline.
 */
import type { LocalOwnedPlate, LocalOwnerOrder, LocalPlateTransfer, NambalaDatabase } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';

export interface OwnerData {
  plates: LocalOwnedPlate[];
  orders: LocalOwnerOrder[];
  /** Plate number of each vehicle (null: none fitted), enough for the overview's figures. */
  vehicles: Array<{ id: string; plateNumber: string | null; label: string }>;
  transfers: LocalPlateTransfer[];
}

export async function readOwnerData(db: NambalaDatabase): Promise<OwnerData> {
  const [plates, orders, vehicles, transfers] = await Promise.all([
    db.ownedPlates.orderBy('heldAt').reverse().toArray(),
    db.myOrders.orderBy('createdAt').reverse().toArray(),
    db.vehicles.toArray(),
    db.plateTransfers.orderBy('createdAt').reverse().toArray(),
  ]);
  return {
    plates,
    orders,
    vehicles: vehicles
      .filter((vehicle) => !vehicle.isDeleted)
      .map((vehicle) => ({
        id: vehicle.id,
        plateNumber: vehicle.plateNumber,
        label: [vehicle.colour, vehicle.make, vehicle.model].filter(Boolean).join(' '),
      })),
    transfers,
  };
}

/** `undefined` while the store is read. */
export function useOwnerData(): OwnerData | undefined {
  return useStoreQuery(readOwnerData);
}
