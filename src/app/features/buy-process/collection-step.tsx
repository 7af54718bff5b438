/**
 * The wizard's choice of plate shop and delivery, on the Payment step above the methods (the
 * delivery fee is part of the price below). Loaded with step 2, not with the wizard's first
 * paint: it tells the page what the page needs — the fee, the check before submitting, the
 * choice to send, and the Next Step the confirmation then shows — through `onReport`.
 */
import { useEffect } from 'react';
import { type CollectionChoice, collectionNextStep, deliveryAddressOf } from '#domain/collection/collection';
import { ngwee } from '#domain/money/money';
import { CollectionChoiceFields } from '../../collection/collection-choice-fields';
import { collectionProblems, collectionToSend, deliveryFeeShown } from '../../collection/collection-problems';
import { usePlateShops } from '../../collection/plate-shops';
import { useCollectionChoice } from './use-collection-choice';

/** What the page reads of the choice. */
export interface CollectionReport {
  deliveryFee: number;
  nextStep: { title: string; text: string };
  /** Shows what stops the choice from being sent; true when nothing does. */
  check: () => boolean;
  toSend: () => CollectionChoice;
}

export function CollectionStep({
  applicationId,
  onReport,
}: {
  applicationId: string;
  onReport: (report: CollectionReport) => void;
}) {
  const known = usePlateShops();
  const { choice, change, errors, setErrors } = useCollectionChoice(applicationId);

  useEffect(() => {
    const deliveryFee = deliveryFeeShown(choice, known);
    const shop =
      choice.shopId === null ? null : (known.shops.find((candidate) => candidate.id === choice.shopId) ?? null);
    onReport({
      deliveryFee,
      nextStep: collectionNextStep({ shop, deliveryAddress: deliveryAddressOf(choice) }, ngwee(deliveryFee)),
      check: () => {
        const problems = collectionProblems(choice, known);
        setErrors(problems);
        return Object.keys(problems).length === 0;
      },
      toSend: () => collectionToSend(choice),
    });
  }, [choice, known, onReport, setErrors]);

  return (
    <CollectionChoiceFields
      choice={choice}
      known={known}
      errors={errors}
      onChange={change}
      idPrefix="wizard-collection"
    />
  );
}
