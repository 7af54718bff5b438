// A plate owner's fleet: the words, the empty forms, how a vehicle is named and whether a
// plate may go on it. The forms' rules (zod) are in fleet-input.ts, so the fleet screens
// need no zod until a form is saved.

export const VEHICLE_NOT_YOURS = 'This vehicle is not in your fleet. It may have been removed on another device.';
export const DRIVER_NOT_YOURS = 'This driver is not in your fleet. They may have been removed on another device.';
export const LICENCE_MESSAGE = 'Licence number must be 5 to 20 letters and digits';

/** The form's values: every field as typed. */
export interface VehicleFormValues {
  make: string;
  model: string;
  year: string;
  colour: string;
  chassisNumber: string;
  plateNumber: string;
  driverId: string;
}
export const EMPTY_VEHICLE_FORM: VehicleFormValues = {
  make: '',
  model: '',
  year: '',
  colour: '',
  chassisNumber: '',
  plateNumber: '',
  driverId: '',
};

export interface DriverFormValues {
  name: string;
  licenceNumber: string;
  phone: string;
}
export const EMPTY_DRIVER_FORM: DriverFormValues = { name: '', licenceNumber: '', phone: '' };

/** Remove Vehicle and Remove Driver name the row only. */

/** What an owner's plate says about where it may go: registered plates belong to the vehicle in their registration. */
export interface OwnerPlateFacts {
  plateNumber: string;
  /** The registration's chassis number; null while the plate is not yet registered. */
  registeredChassis: string | null;
}

/** The vehicle a plate is on now, if any. */
export interface PlateHolder {
  vehicleId: string;
  /** e.g. 'White Toyota Corolla' */
  label: string;
}

/** 'White Toyota Corolla (2019)': how a vehicle is named in messages and lists. */
export function vehicleLabel(vehicle: { make: string; model: string; colour: string; year?: number | null }): string {
  const name = [vehicle.colour, vehicle.make, vehicle.model].filter((part) => part.trim() !== '').join(' ');
  return vehicle.year ? `${name} (${vehicle.year})` : name;
}

/**
 * Why a plate cannot go on a vehicle, or null when it can: only the owner's own plates,
 * one vehicle per plate, and a registered plate only on the vehicle its registration names.
 */
export function plateFitProblem(input: {
  plateNumber: string;
  vehicleId: string | null;
  chassisNumber: string;
  plate: OwnerPlateFacts | undefined;
  holder: PlateHolder | undefined;
}): string | null {
  const { plateNumber, plate, holder } = input;
  if (!plate)
    return `Plate ${plateNumber} is not one of your plates. Only plates bought or allocated to you in Nambala can be put on your vehicles.`;
  if (holder && holder.vehicleId !== input.vehicleId)
    return `Plate ${plateNumber} is already on your ${holder.label}. Take it off that vehicle first.`;
  if (plate.registeredChassis !== null && plate.registeredChassis !== input.chassisNumber) {
    return `Plate ${plateNumber} is registered to the vehicle with chassis number ${plate.registeredChassis}. Enter that chassis number, or choose another plate.`;
  }
  return null;
}

export const chassisTakenMessage = (chassisNumber: string) =>
  `A vehicle with chassis number ${chassisNumber} is already in your fleet.`;
export const licenceTakenMessage = (licenceNumber: string) =>
  `A driver with licence number ${licenceNumber} is already in your fleet.`;
