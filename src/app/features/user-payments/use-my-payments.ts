/**
 * The signed-in user's payments and receipts, read from the device's store (the sync
 * keeps GET /api/payments there), so the Payments page and each receipt open with the
 * network off, as of the last sync. A receipt the device does not hold yet — a payment
 * started a moment ago, or an administrator opening someone else's — is asked of the server.
 */
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import type { LocalPayment, NambalaDatabase } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { startSyncLazily } from '../../sync/start-sync-lazily';
import { fetchPayment, type Receipt } from '../../payments/payment-api';
import { newestFirst } from '../../payments/payment-rows';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };
/** A receipt, and whether it is the device's copy (as of the last sync) or the server's answer. */
export type LoadedReceipt =
  | { status: 'loading' }
  | { status: 'ready'; value: Receipt; isFromDevice: boolean }
  | { status: 'failed'; message: string };

export const RECEIPT_OFFLINE = 'This receipt is not on this device yet. It is shown when this device is online.';
export const PAYMENTS_PULLED_AT_KEY = 'myPaymentsPulledAt';

/** The device's copy of the user's payments, newest first. */
export async function readMyPayments(db: NambalaDatabase): Promise<LocalPayment[]> {
  return newestFirst(await db.myPayments.toArray());
}

/** One payment from the device's copy; null when the device does not hold it. */
export async function readMyPayment(db: NambalaDatabase, paymentId: string): Promise<LocalPayment | null> {
  return (await db.myPayments.get(paymentId)) ?? null;
}

/** When the payments were last brought from the server (ms); null: never on this device. */
export async function readPaymentsPulledAt(db: NambalaDatabase): Promise<number | null> {
  const entry = await db.meta.get(PAYMENTS_PULLED_AT_KEY);
  return typeof entry?.value === 'number' ? entry.value : null;
}

export function usePaymentsPulledAt(): number | null | undefined {
  return useStoreQuery(readPaymentsPulledAt);
}

/** `undefined` while the store answers for the first time. */
export function useMyPayments(): LocalPayment[] | undefined {
  useEffect(startSyncLazily, []);
  return useStoreQuery(readMyPayments);
}

/** The receipt from the device, or (online) from the server when the device does not hold it. */
export function usePayment(paymentId: string): LoadedReceipt {
  useEffect(startSyncLazily, []);
  const isOnline = useOnlineStatus();
  const stored = useStoreQuery((db) => readMyPayment(db, paymentId), [paymentId]);
  const [fetched, setFetched] = useState<{ paymentId: string; answer: Loaded<Receipt> } | null>(null);
  const isMissing = stored === null;
  useEffect(() => {
    if (!isMissing || !isOnline) return;
    let isCurrent = true;
    void fetchPayment(paymentId).then((answer) => {
      if (isCurrent)
        setFetched({
          paymentId,
          answer: answer.ok
            ? { status: 'ready', value: answer.payment }
            : { status: 'failed', message: answer.message },
        });
    });
    return () => {
      isCurrent = false;
    };
  }, [paymentId, isMissing, isOnline]);

  if (stored === undefined) return { status: 'loading' };
  if (stored) return { status: 'ready', value: stored, isFromDevice: true };
  const answer = fetched?.paymentId === paymentId ? fetched.answer : null;
  if (answer?.status === 'ready') return { ...answer, isFromDevice: false };
  if (!isOnline) return { status: 'failed', message: RECEIPT_OFFLINE };
  return answer ?? { status: 'loading' };
}

/**
 * What a receipt shows: the device's copy, unless the server has since said the payment
 * settled (the payment panel's live check) and the next sync has not brought that yet.
 */
export function shownPayment(stored: Receipt, live: Receipt | null): Receipt {
  if (!live || live.id !== stored.id) return stored;
  return stored.status === 'pending' && live.status !== 'pending' ? live : stored;
}
