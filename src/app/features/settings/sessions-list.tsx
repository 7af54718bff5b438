/**
 * Settings → Signed-in devices: every session of the account, with the device it was started
 * on, when, and when it was last used; any but this one can be signed out at once (a phone
 * lost, a shared computer left signed in). Read from the server, so it needs a connection.
 */
import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest, NetworkError } from '../../api/api-client';
import { runCommand } from '../../api/command';
import { formatDateTime } from '../../components/format-date-time';
import { FormMessage } from '../../components/form-message';
import { LoadingNote } from '../../components/loading-note';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';

interface SessionRow {
  id: string;
  device: string;
  startedAt: string;
  lastUsedAt: string;
  isCurrent: boolean;
}

const NEEDS_CONNECTION = 'Your signed-in devices show here when you are online.';

type SessionsRead = { sessions: SessionRow[] } | { problem: string };

async function readSessions(): Promise<SessionsRead> {
  try {
    const result = await apiRequest<{ sessions: SessionRow[] }>('GET', '/api/auth/sessions');
    return result.ok && result.body
      ? { sessions: result.body.sessions }
      : { problem: 'Your signed-in devices could not be read. Try again in a moment.' };
  } catch (error) {
    if (error instanceof NetworkError) return { problem: NEEDS_CONNECTION };
    throw error;
  }
}

export function SessionsList() {
  const isOnline = useOnlineStatus();
  const [sessions, setSessions] = useState<SessionRow[] | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  const show = useCallback((read: SessionsRead) => {
    if ('sessions' in read) {
      setSessions(read.sessions);
      setProblem(null);
    } else setProblem(read.problem);
  }, []);
  const load = useCallback(async () => show(await readSessions()), [show]);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void readSessions().then((read) => isCurrent && show(read));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, show]);

  async function end(session: SessionRow) {
    setEnding(session.id);
    try {
      const outcome = await runCommand({
        method: 'POST',
        path: `/api/auth/sessions/${encodeURIComponent(session.id)}/end`,
      });
      if (outcome.status === 'needs-connection') {
        setProblem('Signing a device out needs a connection.');
        return;
      }
      if (outcome.status === 'applied' || outcome.httpStatus === 404)
        showToast({ type: 'success', title: `${session.device} is signed out` });
      else setProblem('That device could not be signed out. Try again in a moment.');
      await load();
    } finally {
      setEnding(null);
    }
  }

  if (!isOnline && sessions === undefined) return <Text color="fg.muted">{NEEDS_CONNECTION}</Text>;
  return (
    <Stack gap="3">
      <FormMessage message={problem} />
      {sessions === undefined ? (
        !problem && <LoadingNote>Loading your devices…</LoadingNote>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Signed-in devices">
          {sessions.map((session) => (
            <Box as="li" key={session.id} borderWidth="1px" rounded="md" p="3">
              <Flex gap="3" align="center" wrap="wrap" justify="space-between">
                <Box minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="medium">{session.device}</Text>
                    {session.isCurrent && (
                      <Badge colorPalette="green" size="sm">
                        This device
                      </Badge>
                    )}
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    Signed in <time dateTime={session.startedAt}>{formatDateTime(session.startedAt)}</time> · last used{' '}
                    <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
                  </Text>
                </Box>
                {!session.isCurrent && (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    loading={ending === session.id}
                    disabled={!isOnline}
                    aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.startedAt)}`}
                    onClick={() => void end(session)}
                  >
                    Sign out
                  </Button>
                )}
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
