/** The signed-in user's payments, read from the server; read again when the device comes back online. */
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { fetchMyPayments, fetchPayment, type Receipt } from '../payments/payment-api';
import { newestFirst } from './payment-rows';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

export const PAYMENTS_OFFLINE = 'Your payments are shown when this device is online.';

export function useMyPayments(): Loaded<Receipt[]> {
  const isOnline = useOnlineStatus();
  const [state, setState] = useState<Loaded<Receipt[]>>({ status: 'loading' });
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchMyPayments().then((answer) => {
      if (isCurrent) setState(answer.ok ? { status: 'ready', value: newestFirst(answer.payments) } : { status: 'failed', message: answer.message });
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);
  return !isOnline && state.status !== 'ready' ? { status: 'failed', message: PAYMENTS_OFFLINE } : state;
}

export function usePayment(paymentId: string): Loaded<Receipt> {
  const isOnline = useOnlineStatus();
  const [state, setState] = useState<Loaded<Receipt>>({ status: 'loading' });
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchPayment(paymentId).then((answer) => {
      if (isCurrent) setState(answer.ok ? { status: 'ready', value: answer.payment } : { status: 'failed', message: answer.message });
    });
    return () => {
      isCurrent = false;
    };
  }, [paymentId, isOnline]);
  return !isOnline && state.status !== 'ready' ? { status: 'failed', message: 'This receipt is shown when this device is online.' } : state;
}
