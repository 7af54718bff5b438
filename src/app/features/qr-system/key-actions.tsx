/**
 * Rotating and revoking the registry's signing keys from the QR System page, online only
 * (the server holds the keys): the administrator's list with how many plates each key
 * signed, and the two confirmations, each saying what will happen before it happens.
 */
import { Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { apiRequest, NetworkError } from '../../api/api-client';
import { refusalReason, runCommand } from '../../api/command';
import { syncNow } from '../../sync/sync-engine';

export interface AdminKey {
  keyId: number;
  status: 'active' | 'retired' | 'revoked';
  platesSigned: number;
}

/** The latest credential re-issue run (src/server/jobs/credential-reissue.ts). */
export interface ReissueRun {
  id: number;
  keyId: number;
  reason: 'revoked' | 'retired';
  state: 'running' | 'finished' | 'superseded';
  total: number;
  done: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface AdminKeys {
  keys: AdminKey[];
  canRotate: boolean;
  reissue: ReissueRun | null;
}

/** How often the page asks for the run's progress while it runs, and otherwise (a run another administrator starts). */
const REISSUE_POLL_MS = 2000;
const IDLE_POLL_MS = 30_000;

export const KEYS_NEED_CONNECTION =
  'Rotating or revoking a key needs a connection. Nothing was changed; try again when you are back online.';

async function fetchAdminKeys(): Promise<AdminKeys | null> {
  try {
    const result = await apiRequest<AdminKeys>('GET', '/api/admin/keys');
    return result.ok ? result.body : null;
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  }
}

/** The server's list of keys (online), fetched again after each change; null offline or while it loads. */
export function useAdminKeys(): { data: AdminKeys | null; refresh: () => Promise<void> } {
  const isOnline = useOnlineStatus();
  const [answer, setAnswer] = useState<{ generation: number; data: AdminKeys | null } | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchAdminKeys().then((data) => {
      if (isCurrent) setAnswer({ generation, data });
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline, generation]);
  const refresh = useCallback(async () => setGeneration((value) => value + 1), []);
  // While a re-issue run goes, its progress is asked for again every two seconds; otherwise every
  // half minute, so a run started elsewhere (another administrator, the command line) shows up.
  const isRunning = answer?.data?.reissue?.state === 'running';
  useEffect(() => {
    if (!isOnline) return;
    const timer = setTimeout(() => setGeneration((value) => value + 1), isRunning ? REISSUE_POLL_MS : IDLE_POLL_MS);
    return () => clearTimeout(timer);
  }, [isOnline, isRunning, answer]);
  return { data: isOnline ? (answer?.data ?? null) : null, refresh };
}

const plates = (count: number) => `${count.toLocaleString('en-GB')} registered plate${count === 1 ? '' : 's'}`;

async function send(path: string): Promise<string | null> {
  const outcome = await runCommand({ method: 'POST', path });
  if (outcome.status === 'applied') return null;
  return outcome.status === 'needs-connection' ? KEYS_NEED_CONNECTION : refusalReason(outcome);
}

interface KeyDialogProps {
  onDone: () => Promise<void>;
  onClose: () => void;
}

function ConfirmKeyChange({
  title,
  action,
  path,
  children,
  done,
  onDone,
  onClose,
}: KeyDialogProps & { title: string; action: string; path: string; children: React.ReactNode; done: string }) {
  async function confirm(): Promise<string | null> {
    const refusal = await send(path);
    if (refusal) return refusal;
    showToast({ type: 'success', title: done });
    // This device's copy of the keys follows with the next sync, started now.
    void syncNow();
    await onDone();
    return null;
  }
  return (
    <ConfirmDialog title={title} confirmLabel={action} onConfirm={confirm} onClose={onClose}>
      {children}
    </ConfirmDialog>
  );
}

export function RotateKeyDialog({ active, ...props }: KeyDialogProps & { active: AdminKey | undefined }) {
  return (
    <ConfirmKeyChange
      {...props}
      title="Rotate the signing key?"
      action="Rotate Key"
      path="/api/admin/keys/rotate"
      done="A new signing key is active"
    >
      <Text>A new key signs every credential issued from now on.</Text>
      {active && (
        <Text>
          Key {active.keyId} retires. What it signed ({plates(active.platesSigned)}) is issued again under the new key
          in the background, and each owner is told that their QR code and certificate are new. Until a plate’s turn
          comes its QR code keeps verifying; after it, the old one reads “Re-issued: this QR code is out of date. Check
          the number”.
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        Officers’ devices receive the new key with their next sync. This is recorded in the audit trail.
      </Text>
    </ConfirmKeyChange>
  );
}

export function RevokeKeyDialog({ target, ...props }: KeyDialogProps & { target: AdminKey }) {
  return (
    <ConfirmKeyChange
      {...props}
      title={`Revoke key ${target.keyId}?`}
      action="Revoke Key"
      path={`/api/admin/keys/${target.keyId}/revoke`}
      done={`Key ${target.keyId} is revoked`}
    >
      <Text>Revoke a key only when it can no longer be trusted, because it was lost or leaked.</Text>
      <Text fontWeight="semibold">
        Every credential it signed ({plates(target.platesSigned)}) is issued again under the active key, in the
        background, and each owner is told. Meanwhile its QR codes read “Re-issued: this QR code is out of date. Check
        the number” with the plate’s verdict by number; only a code the registry does not hold reads as possibly forged.
      </Text>
      {target.status === 'active' && (
        <Text>It is the active key: a new key is made first, so credentials can still be issued.</Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        This cannot be undone. It is recorded in the audit trail.
      </Text>
    </ConfirmKeyChange>
  );
}
