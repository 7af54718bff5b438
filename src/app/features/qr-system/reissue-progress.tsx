/**
 * The credential re-issue run's progress on the QR System page: plates done of the total as
 * an accessible progress bar, when it started and finished, and what happens if the server
 * stops part way (it carries on from its last batch). Polled by useAdminKeys while it runs.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../components/format-date-time';
import type { ReissueRun } from './key-actions';

/** A run not heard from for this long is waiting for a server that can sign to start. */
const STALLED_MS = 2 * 60_000;

const count = (value: number) => value.toLocaleString('en-GB');

function stateLine(run: ReissueRun, now: number): string {
  if (run.state === 'finished')
    return `Finished ${formatDateTime(run.finishedAt ?? run.updatedAt)}: every plate carries a credential from the active key.`;
  if (run.state === 'superseded') return 'Taken over by a later run, which re-issues these plates too.';
  if (now - Date.parse(run.updatedAt) > STALLED_MS)
    return 'Paused: it carries on from its last batch when a server holding the active key starts.';
  return 'Running in the background. If the server restarts, it carries on from its last batch.';
}

export function ReissueProgress({ run, now }: { run: ReissueRun; now: number }) {
  const percent = run.total === 0 ? 100 : Math.min(100, Math.floor((run.done / run.total) * 100));
  const labelId = `reissue-run-${run.id}-label`;
  const why = run.reason === 'revoked' ? `key ${run.keyId} was revoked` : `key ${run.keyId} was retired`;
  return (
    <Box borderWidth="1px" rounded="lg" p="4" bg="bg.subtle" data-testid="reissue-progress">
      <Stack gap="2">
        <Text id={labelId} fontWeight="semibold">
          {run.state === 'finished'
            ? 'Credentials re-issued'
            : run.state === 'superseded'
              ? 'Re-issue taken over'
              : 'Re-issuing credentials'}{' '}
          because {why}
        </Text>
        <Box
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={run.total}
          aria-valuenow={run.done}
          aria-valuetext={`${count(run.done)} of ${count(run.total)} plates (${percent}%)`}
          h="3"
          rounded="full"
          bg="bg.muted"
          overflow="hidden"
        >
          <Box
            h="full"
            w={`${percent}%`}
            bg={run.state === 'finished' ? 'green.solid' : 'blue.solid'}
            transition="width 0.4s"
          />
        </Box>
        <Text fontSize="sm" fontVariantNumeric="tabular-nums">
          {count(run.done)} of {count(run.total)} plates · {percent}%
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Started {formatDateTime(run.startedAt)}. {stateLine(run, now)}
        </Text>
      </Stack>
    </Box>
  );
}
