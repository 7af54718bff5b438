/**
 * The wizard's choice of plate shop and delivery, on the Payment step above the methods (the
 * delivery fee is part of the price below), and what the confirmation's Next Steps then say.
 */
import { collectionNextStep, deliveryAddressOf } from '#domain/collection/collection';
import { ngwee } from '#domain/money/money';
import { LoadedPart } from '../../components/loaded-part';
import { onDemand } from '../../components/loaded-when-open';
import { collectionProblems, collectionToSend, deliveryFeeShown } from '../../collection/collection-problems';
import { usePlateShops } from '../../collection/plate-shops';
import { useCollectionChoice } from './use-collection-choice';

export function useWizardCollection(applicationId: string) {
  const known = usePlateShops();
  const { choice, change, errors, setErrors } = useCollectionChoice(applicationId);
  const deliveryFee = deliveryFeeShown(choice, known);
  const shop =
    choice.shopId === null ? null : (known.shops.find((candidate) => candidate.id === choice.shopId) ?? null);
  return {
    choice,
    change,
    errors,
    known,
    deliveryFee,
    nextStep: collectionNextStep({ shop, deliveryAddress: deliveryAddressOf(choice) }, ngwee(deliveryFee)),
    /** Shows what stops the choice from being sent; true when nothing does. */
    check(): boolean {
      const problems = collectionProblems(choice, known);
      setErrors(problems);
      return Object.keys(problems).length === 0;
    },
    toSend: () => collectionToSend(choice),
  };
}

// The fields load with the payment step, not with step 1's first paint.
const collectionFields = onDemand(() =>
  import('../../collection/collection-choice-fields').then((module) => module.CollectionChoiceFields),
);

export function CollectionStep({ collection }: { collection: ReturnType<typeof useWizardCollection> }) {
  return (
    <LoadedPart
      source={collectionFields}
      label="Loading the plate shops"
      props={{
        choice: collection.choice,
        known: collection.known,
        errors: collection.errors,
        onChange: collection.change,
        idPrefix: 'wizard-collection',
      }}
    />
  );
}
