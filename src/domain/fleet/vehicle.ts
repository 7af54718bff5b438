// An owner's vehicles and drivers (Vehicles & Fleet): the rows as the server stores
// them and every device of the owner keeps them (entities `vehicle` and `driver`).

export interface Vehicle {
  id: string;
  ownerId: string;
  make: string;
  model: string;
  /** Null when the owner has not given it. */
  year: number | null;
  colour: string;
  /** A 17-character VIN, or an older frame number; '' when not given. */
  chassisNumber: string;
  /** The plate fitted to it (registered through a shop's whitebook sale), if any. */
  plateNumber: string | null;
  driverId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Driver {
  id: string;
  ownerId: string;
  name: string;
  licenceNumber: string;
  /** +260 and 9 digits. */
  phone: string;
  createdAt: string;
  updatedAt: string;
}
