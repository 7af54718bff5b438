/** The review queue's order: open flags oldest first (the longest wait is decided next), decided flags newest decision first. */
import type { LocalPlateFlag } from '../../store/database';

export interface FlagQueue {
  open: LocalPlateFlag[];
  decided: LocalPlateFlag[];
}

export function flagQueue(flags: readonly LocalPlateFlag[]): FlagQueue {
  const open = flags
    .filter((flag) => flag.status === 'Open')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const decidedAt = (flag: LocalPlateFlag) => flag.decidedAt ?? flag.createdAt;
  const decided = flags
    .filter((flag) => flag.status !== 'Open')
    .sort((a, b) => decidedAt(b).localeCompare(decidedAt(a)) || b.id.localeCompare(a.id));
  return { open, decided };
}
