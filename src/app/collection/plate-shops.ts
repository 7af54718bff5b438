/**
 * The plate shops a buyer may choose and the delivery setting (GET /api/plate-shops), asked
 * once per page and shared by the wizard and Buy Now. Offline, or until the answer arrives, no
 * shop is listed and the choice stays "leave it to the administrator"; the server checks the
 * choice again when the application or purchase is sent.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PlateShopsAnswer } from '#domain/api/collection';
import {
  DEFAULT_DELIVERY,
  type DeliverySettings,
  deliverySettingsFrom,
  type PlateShop,
} from '#domain/collection/collection';
import { apiRequest, NetworkError } from '../api/api-client';

export interface KnownShops {
  status: 'loading' | 'offline' | 'ready';
  shops: readonly PlateShop[];
  delivery: DeliverySettings;
}

const INITIAL: KnownShops = { status: 'loading', shops: [], delivery: { ...DEFAULT_DELIVERY, offered: false } };

let known: KnownShops = INITIAL;
let asking: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: KnownShops): void {
  known = next;
  for (const listener of listeners) listener();
}

/** Asks the server; a failed or unreachable answer leaves the list empty and says so. */
export function refreshPlateShops(): Promise<void> {
  asking ??= (async () => {
    try {
      const result = await apiRequest<Partial<PlateShopsAnswer>>('GET', '/api/plate-shops');
      const delivery = result.ok ? deliverySettingsFrom(result.body.delivery) : null;
      if (result.ok && Array.isArray(result.body.shops) && delivery)
        publish({ status: 'ready', shops: result.body.shops, delivery });
      else publish({ ...known, status: 'offline' });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      publish({ ...known, status: 'offline' });
    } finally {
      asking = undefined;
    }
  })();
  return asking;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlateShops(): KnownShops {
  const shops = useSyncExternalStore(
    subscribe,
    () => known,
    () => INITIAL,
  );
  useEffect(() => {
    if (known.status !== 'ready') void refreshPlateShops();
    const again = () => {
      if (known.status !== 'ready') void refreshPlateShops();
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  return shops;
}
