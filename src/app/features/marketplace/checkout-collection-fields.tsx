/**
 * What Buy Now asks besides the owner: the vehicle the plate is for, as the wizard asks it (make,
 * model and registration number or "Registration not yet known"), or "Vehicle not yet known";
 * and the plate shop that makes it and collection or delivery, as in the wizard. The delivery
 * fee, when chosen, is added to the total the buyer is shown and the server charges.
 */
import { type CollectionChoice, LEFT_TO_ADMINISTRATOR } from '#domain/collection/collection';
import { Field, Fieldset, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { CheckboxField } from '../../components/checkbox-field';
import { checkWithRules } from '../../components/form-rules';
import { onDemand } from '../../components/loaded-when-open';
import { CollectionChoiceFields, type CollectionField } from '../../collection/collection-choice-fields';
import { collectionProblems, collectionToSend, deliveryFeeShown } from '../../collection/collection-problems';
import { usePlateShops } from '../../collection/plate-shops';

/** The vehicle's rules (zod): loaded with the first send. */
const vehicleRules = onDemand(() => import('#domain/collection/checkout-vehicle'));

export interface CheckoutVehicle {
  vehicleNotYetKnown: boolean;
  vehicleMake: string;
  vehicleModel: string;
  vehicleRegistration: string;
  registrationNotYetKnown: boolean;
}

type VehicleField = Exclude<keyof CheckoutVehicle, 'vehicleNotYetKnown' | 'registrationNotYetKnown'>;
type ExtraErrors = Partial<Record<VehicleField | CollectionField, string>>;

const NO_VEHICLE: CheckoutVehicle = {
  vehicleNotYetKnown: false,
  vehicleMake: '',
  vehicleModel: '',
  vehicleRegistration: '',
  registrationNotYetKnown: false,
};

const EXTRA_FIELDS = [
  'vehicleMake',
  'vehicleModel',
  'vehicleRegistration',
  'shopId',
  'delivery',
  'deliveryAddress',
] as const;

export function useBuyNowExtras() {
  const known = usePlateShops();
  const [vehicle, setVehicle] = useState<CheckoutVehicle>(NO_VEHICLE);
  const [choice, setChoice] = useState<CollectionChoice>(LEFT_TO_ADMINISTRATOR);
  const [errors, setErrors] = useState<ExtraErrors>({});
  return {
    vehicle,
    choice,
    known,
    errors,
    deliveryFee: deliveryFeeShown(choice, known),
    changeVehicle(next: CheckoutVehicle) {
      setVehicle(next);
      setErrors((current) => ({
        ...current,
        vehicleMake: undefined,
        vehicleModel: undefined,
        vehicleRegistration: undefined,
      }));
    },
    changeChoice(next: CollectionChoice) {
      setChoice(next);
      setErrors((current) => ({ ...current, shopId: undefined, delivery: undefined, deliveryAddress: undefined }));
    },
    /** The vehicle and choice as the request carries them; null (with the problems shown) when they are not right; undefined when the rules cannot be fetched. */
    async check(): Promise<(CheckoutVehicle & CollectionChoice) | null | undefined> {
      const checked = await checkWithRules(
        vehicleRules.load().then((rules) => rules.checkoutVehicleSchema),
        vehicle,
      );
      if (!checked) return undefined;
      const problems: ExtraErrors = {
        ...(checked.ok
          ? {}
          : {
              vehicleMake: checked.errors.vehicleMake,
              vehicleModel: checked.errors.vehicleModel,
              vehicleRegistration: checked.errors.vehicleRegistration,
            }),
        ...collectionProblems(choice, known),
      };
      setErrors(problems);
      if (Object.values(problems).some(Boolean)) return null;
      return { ...vehicle, ...collectionToSend(choice) };
    },
    /** The server's field messages for these fields; true when there were any. */
    showServerErrors(fields: Record<string, string>): boolean {
      const found: ExtraErrors = {};
      for (const field of EXTRA_FIELDS) if (fields[field]) found[field] = fields[field];
      setErrors(found);
      return Object.keys(found).length > 0;
    },
  };
}

export type BuyNowExtras = ReturnType<typeof useBuyNowExtras>;

/** What the checkout reads of these fields: the fee to add, the check before sending, the server's field messages. */
export interface BuyNowExtrasReport {
  deliveryFee: number;
  check: BuyNowExtras['check'];
  showServerErrors: BuyNowExtras['showServerErrors'];
}

/** Loaded with Buy Now's form (not with the marketplace): keeps its own state and reports to the checkout. */
export function CheckoutCollectionFields({
  idPrefix,
  onReport,
}: {
  idPrefix: string;
  onReport: (report: BuyNowExtrasReport) => void;
}) {
  const extras = useBuyNowExtras();
  const { deliveryFee, check, showServerErrors } = extras;
  useEffect(() => onReport({ deliveryFee, check, showServerErrors }), [deliveryFee, check, showServerErrors, onReport]);
  return <BuyNowExtrasFields extras={extras} idPrefix={idPrefix} />;
}

function BuyNowExtrasFields({ extras, idPrefix }: { extras: BuyNowExtras; idPrefix: string }) {
  const { vehicle, errors } = extras;
  const set = (change: Partial<CheckoutVehicle>) => extras.changeVehicle({ ...vehicle, ...change });
  return (
    <Stack gap="4">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold" color="fg">
          Vehicle
        </Fieldset.Legend>
        <Fieldset.HelperText>
          The vehicle the plate is for: the plate shop makes it for this vehicle.
        </Fieldset.HelperText>
        <Fieldset.Content>
          <CheckboxField
            checked={vehicle.vehicleNotYetKnown}
            onChange={(checked) => set({ vehicleNotYetKnown: checked })}
          >
            Vehicle not yet known
          </CheckboxField>
          {!vehicle.vehicleNotYetKnown && (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Field.Root invalid={Boolean(errors.vehicleMake)} required>
                <Field.Label>
                  Vehicle Make <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="vehicleMake"
                  value={vehicle.vehicleMake}
                  onChange={(event) => set({ vehicleMake: event.currentTarget.value })}
                />
                <Field.ErrorText>{errors.vehicleMake}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.vehicleModel)} required>
                <Field.Label>
                  Vehicle Model <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="vehicleModel"
                  value={vehicle.vehicleModel}
                  onChange={(event) => set({ vehicleModel: event.currentTarget.value })}
                />
                <Field.ErrorText>{errors.vehicleModel}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.vehicleRegistration)} required={!vehicle.registrationNotYetKnown}>
                <Field.Label>
                  Registration Number <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="vehicleRegistration"
                  placeholder="e.g. BAK 1234"
                  disabled={vehicle.registrationNotYetKnown}
                  value={vehicle.registrationNotYetKnown ? '' : vehicle.vehicleRegistration}
                  onChange={(event) => set({ vehicleRegistration: event.currentTarget.value })}
                />
                <Field.ErrorText>{errors.vehicleRegistration}</Field.ErrorText>
              </Field.Root>
              <Stack justify="flex-end">
                <CheckboxField
                  checked={vehicle.registrationNotYetKnown}
                  onChange={(checked) => set({ registrationNotYetKnown: checked })}
                >
                  Registration not yet known
                </CheckboxField>
              </Stack>
            </SimpleGrid>
          )}
        </Fieldset.Content>
      </Fieldset.Root>
      <CollectionChoiceFields
        choice={extras.choice}
        known={extras.known}
        errors={errors}
        onChange={extras.changeChoice}
        idPrefix={`${idPrefix}-collection`}
      />
    </Stack>
  );
}
