/**
 * 'Signing keys': the registry keys this device verifies with, how fresh the keys and
 * revocations are, and (online) the administrator's actions: rotate the key, revoke one,
 * and the progress of the re-issue run either starts.
 */
import { ScrollingTable } from '../../components/scrolling-table';
import { describeAge } from '#domain/credential/freshness';
import type { TrustedKey } from '#domain/credential/verdict';
import { Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { type AdminKey, RevokeKeyDialog, RotateKeyDialog, useAdminKeys } from './key-actions';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import type { TrustMeta } from '../../verdicts/trust';
import { KeyStatusBadge } from './qr-badges';
import { ReissueProgress } from './reissue-progress';
import { Section } from '../../components/page-parts';
import { useSigningKeys, useTrustMeta } from './use-trust-data';

const KEY_ROLES: Record<TrustedKey['status'], string> = {
  active: 'Signs new credentials',
  retired: 'Verifies what it signed',
  revoked: 'No longer trusted',
};

/** The current time, a minute at a time: enough for '5 minutes ago' to stay true while the page is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Freshness({ meta }: { meta: TrustMeta | null | undefined }) {
  const now = useMinuteClock();
  if (meta === undefined) return null;
  if (meta === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Keys and revocations have not reached this device yet: they arrive with the next sync.
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted">
      Keys and revocations last updated{' '}
      <time dateTime={meta.keysFetchedAt} title={formatDateTime(meta.keysFetchedAt)}>
        {describeAge(meta.keysFetchedAt, new Date(now).toISOString())}
      </time>
    </Text>
  );
}

type KeyDialog = { kind: 'rotate' } | { kind: 'revoke'; key: AdminKey } | null;

export function SigningKeysSection() {
  const keys = useSigningKeys();
  const meta = useTrustMeta();
  const admin = useAdminKeys();
  const [dialog, setDialog] = useState<KeyDialog>(null);
  const now = useMinuteClock();
  const adminKey = (keyId: number) => admin.data?.keys.find((key) => key.keyId === keyId);

  return (
    <Section
      title="Signing keys"
      headingId="signing-keys-heading"
      aside={
        admin.data?.canRotate ? (
          <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'rotate' })}>
            Rotate Key
          </Button>
        ) : undefined
      }
    >
      <Stack gap="4">
        {keys === undefined ? (
          <LoadingNote space="line">Loading keys…</LoadingNote>
        ) : keys.length === 0 ? (
          <Box textAlign="center" py="6" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <Text fontWeight="medium">No signing keys on this device</Text>
            <Text color="fg.muted" fontSize="sm" mt="1">
              They arrive with the next sync, which needs a connection.
            </Text>
          </Box>
        ) : (
          <ScrollingTable>
            <Table.Root size="sm" aria-labelledby="signing-keys-heading">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">Key ID</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
                  {admin.data && <Table.ColumnHeader scope="col">Plates</Table.ColumnHeader>}
                  {admin.data && (
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Actions
                    </Table.ColumnHeader>
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {keys.map((key) => (
                  <Table.Row key={key.keyId}>
                    <Table.Cell fontFamily="mono">{key.keyId}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="0.5" align="flex-start">
                        <KeyStatusBadge status={key.status} />
                        <Text fontSize="xs" color="fg.muted">
                          {KEY_ROLES[key.status]}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    {admin.data && (
                      <Table.Cell>{adminKey(key.keyId)?.platesSigned.toLocaleString('en-GB') ?? '—'}</Table.Cell>
                    )}
                    {admin.data && (
                      <Table.Cell textAlign="end">
                        {(() => {
                          const target = adminKey(key.keyId);
                          if (
                            !target ||
                            target.status === 'revoked' ||
                            (target.status === 'active' && !admin.data.canRotate)
                          )
                            return null;
                          return (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              aria-label={`Revoke key ${key.keyId}`}
                              onClick={() => setDialog({ kind: 'revoke', key: target })}
                            >
                              Revoke
                            </Button>
                          );
                        })()}
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollingTable>
        )}
        {admin.data?.reissue && <ReissueProgress run={admin.data.reissue} now={now} />}
        <Text fontSize="sm">
          {admin.data && !admin.data.canRotate
            ? 'This server’s signing key is set by its operators, who rotate it. A retired or revoked key’s plates are issued again under the active key.'
            : 'Rotate the key to have a new one sign from now on; the retired key’s plates are issued again under the new one, in the background. Revoke a key only if it was lost or leaked.'}
        </Text>
        <Freshness meta={meta} />
      </Stack>
      {dialog?.kind === 'rotate' && (
        <RotateKeyDialog
          active={admin.data?.keys.find((key) => key.status === 'active')}
          onDone={admin.refresh}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'revoke' && (
        <RevokeKeyDialog target={dialog.key} onDone={admin.refresh} onClose={() => setDialog(null)} />
      )}
    </Section>
  );
}
