/**
 * The buyer's position, asked only when they press "Show distances" (the browser then asks for
 * permission). It stays on this device: distances to the shops are worked out here and nothing
 * about where the buyer is goes to the server. Refused or unavailable: the list simply shows no
 * distances.
 */
import { useCallback, useState } from 'react';
import type { Coordinates } from '#domain/collection/collection';

export type LocationState =
  { status: 'idle' | 'asking' | 'unavailable' | 'denied' } | { status: 'known'; coordinates: Coordinates };

export function useDeviceLocation(): { location: LocationState; ask: () => void } {
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });
  const ask = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setLocation({ status: 'unavailable' });
      return;
    }
    setLocation({ status: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocation({
          status: 'known',
          coordinates: { lat: position.coords.latitude, lng: position.coords.longitude },
        }),
      (error) => setLocation({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  }, []);
  return { location, ask };
}
