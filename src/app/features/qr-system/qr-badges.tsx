/** The QR System's badges: each suspicion, flag outcome, plate standing and key status keeps its own colour. */
import type { TrustedKey } from '#domain/credential/verdict';
import type { FlagStatus, PlateSuspicion } from '#domain/police/police';
import { Badge } from '@chakra-ui/react';
import type { PlateStanding } from './registry-lookup';

const SUSPICION_COLOURS: Record<PlateSuspicion, string> = { 'Suspected fake': 'yellow', 'Suspected stolen': 'orange' };
const FLAG_STATUS_COLOURS: Record<FlagStatus, string> = {
  Open: 'blue',
  Revoked: 'red',
  Stolen: 'red',
  Dismissed: 'gray',
};
const STANDING_COLOURS: Record<PlateStanding, string> = { Valid: 'green', Revoked: 'red', Stolen: 'red' };
const KEY_COLOURS: Record<TrustedKey['status'], string> = { active: 'green', retired: 'gray', revoked: 'red' };
const KEY_LABELS: Record<TrustedKey['status'], string> = { active: 'Active', retired: 'Retired', revoked: 'Revoked' };

export function SuspicionBadge({ suspicion }: { suspicion: PlateSuspicion }) {
  return (
    <Badge colorPalette={SUSPICION_COLOURS[suspicion]} variant="subtle">
      {suspicion}
    </Badge>
  );
}

export function FlagStatusBadge({ status }: { status: FlagStatus }) {
  return (
    <Badge colorPalette={FLAG_STATUS_COLOURS[status]} variant={status === 'Open' ? 'outline' : 'solid'}>
      {status}
    </Badge>
  );
}

/** Revoked and Stolen also name the revocation list's entries. */
export function StandingBadge({ standing }: { standing: PlateStanding }) {
  return (
    <Badge colorPalette={STANDING_COLOURS[standing]} variant="solid">
      {standing}
    </Badge>
  );
}

export function KeyStatusBadge({ status }: { status: TrustedKey['status'] }) {
  return (
    <Badge colorPalette={KEY_COLOURS[status]} variant="subtle">
      {KEY_LABELS[status]}
    </Badge>
  );
}
