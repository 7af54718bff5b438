/**
 * The wizard's choice of plate shop and delivery, kept on this device beside the draft (under
 * its own key, for the application it belongs to) so it survives the trip to the sign-in page
 * and a reload. A new application starts from "leave it to the administrator" and collection.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type CollectionChoice, LEFT_TO_ADMINISTRATOR } from '#domain/collection/collection';
import type { CollectionField } from '../../collection/collection-choice-fields';

export const COLLECTION_CHOICE_KEY = 'nambala.wizard-collection';

function readChoice(applicationId: string): CollectionChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(COLLECTION_CHOICE_KEY) ?? 'null') as {
      applicationId?: unknown;
      choice?: Partial<CollectionChoice>;
    } | null;
    if (!stored || stored.applicationId !== applicationId || !stored.choice) return LEFT_TO_ADMINISTRATOR;
    const { shopId, delivery, deliveryAddress } = stored.choice;
    return {
      shopId: typeof shopId === 'string' ? shopId : null,
      delivery: delivery === true,
      deliveryAddress: typeof deliveryAddress === 'string' ? deliveryAddress : '',
    };
  } catch {
    return LEFT_TO_ADMINISTRATOR;
  }
}

export function useCollectionChoice(applicationId: string) {
  const [kept, setKept] = useState(() => ({ applicationId, choice: readChoice(applicationId) }));
  const [errors, setErrors] = useState<Partial<Record<CollectionField, string>>>({});
  // A new application (after "Start a new application"): its own choice, from the start.
  const choice = useMemo(
    () => (kept.applicationId === applicationId ? kept.choice : readChoice(applicationId)),
    [kept, applicationId],
  );

  useEffect(() => {
    try {
      localStorage.setItem(COLLECTION_CHOICE_KEY, JSON.stringify({ applicationId, choice }));
    } catch {
      // Full or blocked storage: the choice lasts as long as the page.
    }
  }, [applicationId, choice]);

  const change = useCallback(
    (next: CollectionChoice) => {
      setKept({ applicationId, choice: next });
      setErrors({});
    },
    [applicationId],
  );
  return { choice, change, errors, setErrors };
}
