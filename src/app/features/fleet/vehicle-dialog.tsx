/**
 * Add Vehicle and Edit Vehicle: make, model, year, colour, chassis number (a VIN where the
 * vehicle has one), the plate on it (one of the owner's plates) and the driver assigned.
 * Saved through the one write path, so it works offline; what this device already knows
 * (a chassis number or plate used on another vehicle) is said before saving.
 */
import {
  chassisTakenMessage,
  EMPTY_VEHICLE_FORM,
  plateFitProblem,
  type VehicleFormValues,
  vehicleLabel,
} from '#domain/fleet/fleet-facts';
import { formatPhone } from '#domain/validation/identity-checks';
import { fleetRules } from './fleet-changes';
import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDay } from '../../components/format-date-time';
import { FormField } from '../../components/form-field';
import { RecordFormDialog, useRecordValues } from '../../components/record-form-dialog';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type { LocalOwnedPlate, LocalVehicle, OutboxEntry } from '../../store/database';
import { newId } from '../../store/new-id';
import { saveVehicleMutation } from './fleet-changes';
import { type FleetData, plateFacts, plateHolders } from './fleet-query';

type Field = keyof VehicleFormValues | 'id' | 'form';

function formOf(vehicle: LocalVehicle): VehicleFormValues {
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year === null ? '' : String(vehicle.year),
    colour: vehicle.colour,
    chassisNumber: vehicle.chassisNumber,
    plateNumber: vehicle.plateNumber ?? '',
    driverId: vehicle.driverId ?? '',
  };
}

/** The form's values from a refused change's payload. */
function formFromPayload(payload: unknown): VehicleFormValues {
  const source = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (key: keyof VehicleFormValues) =>
    typeof source[key] === 'string' || typeof source[key] === 'number' ? String(source[key]) : '';
  return {
    make: text('make'),
    model: text('model'),
    year: text('year'),
    colour: text('colour'),
    chassisNumber: text('chassisNumber'),
    plateNumber: text('plateNumber'),
    driverId: text('driverId'),
  };
}

function plateOption(plate: LocalOwnedPlate, holder: string | undefined): string {
  const stage = plate.registration
    ? `registered, expires ${formatDay(plate.registration.expiryDate)}`
    : plate.stage === 'Made'
      ? 'made, not yet registered'
      : 'not yet made';
  return `${plate.plateNumber} — ${stage}${holder ? ` (on ${holder})` : ''}`;
}

export interface VehicleDialogProps {
  /** null: Add Vehicle. */
  vehicle: LocalVehicle | null;
  data: FleetData;
  ownerId: string;
  today: string;
  /** A refused change being corrected (Needs attention → Edit and resubmit). */
  fixing?: OutboxEntry;
  onClose: () => void;
}

export function VehicleDialog({ vehicle, data, ownerId, today, fixing, onClose }: VehicleDialogProps) {
  const isAdding = vehicle === null && fixing === undefined;
  const [id] = useState(() => fixing?.rowId ?? vehicle?.id ?? newId());
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<Field>();
  const { values, change, fixErrors, clearFixErrors } = useRecordValues<VehicleFormValues, Field>(
    () => (fixing ? formFromPayload(fixing.payload) : vehicle ? formOf(vehicle) : EMPTY_VEHICLE_FORM),
    fixing,
    clearError,
  );
  const shownErrors = { ...fixErrors, ...errors };
  const holders = plateHolders(data.rows);

  /** What this device already knows would be refused: said now, not after a round trip. */
  function knownProblems(input: {
    chassisNumber: string;
    plateNumber: string | null;
  }): Partial<Record<Field, string>> | null {
    const found: Partial<Record<Field, string>> = {};
    if (
      input.chassisNumber !== '' &&
      data.rows.some((row) => row.id !== id && row.vehicle.chassisNumber === input.chassisNumber)
    )
      found.chassisNumber = chassisTakenMessage(input.chassisNumber);
    if (input.plateNumber !== null && input.plateNumber !== vehicle?.plateNumber) {
      const problem = plateFitProblem({
        plateNumber: input.plateNumber,
        vehicleId: id,
        chassisNumber: input.chassisNumber,
        plate: plateFacts(data.plates).get(input.plateNumber),
        holder: holders.get(input.plateNumber),
      });
      if (problem) found.plateNumber = problem;
    }
    return Object.keys(found).length > 0 ? found : null;
  }

  async function save() {
    clearFixErrors();
    const input = { ...values, id };
    const result = await submit(
      fleetRules.load().then((module) => module.vehicleInputSchema(today)),
      input,
      (value) => saveVehicleMutation(value, ownerId, vehicle ?? undefined),
      {
        ...(fixing ? { replaces: fixing.id } : {}),
        refuse: knownProblems,
      },
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(
        result,
        isAdding ? `${vehicleLabel({ ...values, year: null })} was added to your fleet` : 'Vehicle saved',
      );
      onClose();
    }
  }

  const formId = 'vehicle-form';
  const currentPlateMissing =
    values.plateNumber !== '' && !data.plates.some((plate) => plate.plateNumber === values.plateNumber);
  return (
    <RecordFormDialog
      title={isAdding ? 'Add Vehicle' : 'Edit Vehicle'}
      formId={formId}
      formRef={formRef}
      submitLabel={isAdding ? 'Add Vehicle' : 'Save Changes'}
      isSubmitting={isSubmitting}
      fixing={fixing}
      formMessage={formMessage}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Make" error={shownErrors.make} required>
          <Input
            value={values.make}
            maxLength={60}
            placeholder="Toyota"
            onChange={(event) => change('make', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Model" error={shownErrors.model} required>
          <Input
            value={values.model}
            maxLength={60}
            placeholder="Hilux"
            onChange={(event) => change('model', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Year" error={shownErrors.year}>
          <Input
            value={values.year}
            inputMode="numeric"
            maxLength={4}
            placeholder="2019"
            onChange={(event) => change('year', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Colour" error={shownErrors.colour} required>
          <Input
            value={values.colour}
            maxLength={40}
            placeholder="White"
            onChange={(event) => change('colour', event.currentTarget.value)}
          />
        </FormField>
      </SimpleGrid>
      <FormField label="Chassis Number" error={shownErrors.chassisNumber}>
        <Input
          value={values.chassisNumber}
          maxLength={17}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          fontFamily="mono"
          onChange={(event) => change('chassisNumber', event.currentTarget.value.toUpperCase())}
        />
        <Field.HelperText>
          The 17-character VIN, or the frame number on an older vehicle. You may add it later.
        </Field.HelperText>
      </FormField>
      <FormField label="Plate" error={shownErrors.plateNumber}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.plateNumber}
            onChange={(event) => change('plateNumber', event.currentTarget.value)}
          >
            <option value="">No plate</option>
            {currentPlateMissing && <option value={values.plateNumber}>{values.plateNumber}</option>}
            {data.plates.map((plate) => {
              const holder = holders.get(plate.plateNumber);
              const elsewhere = holder && holder.vehicleId !== id ? holder.label : undefined;
              return (
                <option key={plate.plateNumber} value={plate.plateNumber} disabled={elsewhere !== undefined}>
                  {plateOption(plate, elsewhere)}
                </option>
              );
            })}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          {data.plates.length === 0
            ? 'Plates you buy or apply for in Nambala can be put on your vehicles.'
            : 'One of your plates; a registered plate goes on the vehicle its registration names.'}
        </Field.HelperText>
      </FormField>
      <FormField label="Driver" error={shownErrors.driverId}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.driverId}
            onChange={(event) => change('driverId', event.currentTarget.value)}
          >
            <option value="">No driver</option>
            {data.drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name} · {formatPhone(driver.phone)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {data.drivers.length === 0 && (
          <Field.HelperText>Add your drivers under Drivers, then assign them here.</Field.HelperText>
        )}
      </FormField>
    </RecordFormDialog>
  );
}
