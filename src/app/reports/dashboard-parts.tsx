/**
 * Parts the System Dashboard and Reports both draw: the period and view selectors, the
 * health checks, accounts by status, recent activity and the system log's columns. A module
 * of their own, so that Reports does not load the whole dashboard page to draw them.
 */
import {
  type ActivityRow,
  type ActivityType,
  type AdminDashboard,
  HEALTH_CHECK_KIND,
  type HealthCheck,
  type LogLevel,
  type LogRow,
  workWaiting,
  workWaitingText,
} from '#domain/reports/admin-dashboard';
import { Badge, Box, Field, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../components/format-date-time';
import { CartIcon, CheckIcon, TruckIcon, UsersIcon, WarningIcon } from '../components/icons';
import type { Column } from '../components/records-table';
import { StatCard } from '../components/stat-card';

const LEVEL_COLOURS: Record<LogLevel, string> = { INFO: 'blue', WARNING: 'yellow', ERROR: 'red' };
const ACTIVITY_ICONS: Record<ActivityType, { icon: typeof UsersIcon; colour: string; label: string }> = {
  user: { icon: UsersIcon, colour: 'blue.600', label: 'User' },
  request: { icon: CartIcon, colour: 'green.600', label: 'Request' },
  inventory: { icon: TruckIcon, colour: 'orange.600', label: 'Inventory' },
};

const count = new Intl.NumberFormat('en-GB');

export function Selector<Value extends string>({
  label,
  options,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  options: readonly Value[];
  labelOf: (value: Value) => string;
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '48' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) =>
            onChange(options.find((option) => option === event.currentTarget.value) ?? options[0] ?? value)
          }
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function CheckList({ checks, isWork }: { checks: readonly HealthCheck[]; isWork: boolean }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {checks.map((check) => (
        <HStack as="li" key={check.id} gap="3" align="flex-start">
          {check.isOk ? (
            <CheckIcon color="fg.success" boxSize="5" aria-hidden />
          ) : (
            <WarningIcon color={isWork ? 'fg.warning' : 'fg.error'} boxSize="5" aria-hidden />
          )}
          <Box>
            <Text fontWeight="medium">
              {check.label}: {check.isOk ? 'OK' : isWork ? 'Waiting' : 'Needs attention'}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {check.detail}
            </Text>
          </Box>
        </HStack>
      ))}
    </Stack>
  );
}

/**
 * The health checks in two lists: the system's own (trouble turns System Health red) and the
 * work waiting for an administrator (it never does).
 */
export function HealthChecks({ dashboard }: { dashboard: Pick<AdminDashboard, 'summary'> }) {
  const { checks } = dashboard.summary.health;
  const trouble = checks.filter((check) => HEALTH_CHECK_KIND[check.id] === 'trouble');
  const work = checks.filter((check) => HEALTH_CHECK_KIND[check.id] === 'work');
  return (
    <Stack gap="4">
      <Box as="section" aria-label="The system">
        <CheckList checks={trouble} isWork={false} />
      </Box>
      {work.length > 0 && (
        <Box as="section" aria-labelledby="work-waiting-heading">
          <Text as="h3" id="work-waiting-heading" fontWeight="semibold" mb="2">
            Work waiting
          </Text>
          <CheckList checks={work} isWork />
        </Box>
      )}
    </Stack>
  );
}

/** The summary card of the work waiting for an administrator (amber when some is, never red). */
export function WorkWaitingCard({ dashboard }: { dashboard: Pick<AdminDashboard, 'summary'> }) {
  const waiting = workWaiting(dashboard.summary.health.checks);
  return (
    <StatCard
      label="Work Waiting"
      value={waiting.length === 0 ? 'None' : `${waiting.length} to do`}
      help={workWaitingText(dashboard.summary.health.checks)}
    />
  );
}

export function UserStatusList({ dashboard }: { dashboard: Pick<AdminDashboard, 'userStatuses'> }) {
  if (dashboard.userStatuses.length === 0) return <Text color="fg.muted">No accounts yet.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {dashboard.userStatuses.map((row) => (
        <Box as="li" key={row.name}>
          <Flex justify="space-between" gap="2">
            <Text fontWeight="medium">{row.name}</Text>
            <Text>
              {count.format(row.value)}{' '}
              <Text as="span" color="fg.muted">
                ({row.percentage}%)
              </Text>
            </Text>
          </Flex>
          <Box h="2" bg="bg.muted" rounded="full" mt="1" aria-hidden>
            <Box h="full" w={`${row.percentage}%`} bg="brand.600" rounded="full" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function ActivityList({ rows }: { rows: readonly ActivityRow[] }) {
  if (rows.length === 0) return <Text color="fg.muted">No activity in this period.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {rows.map((row) => {
        const { icon: Icon, colour, label } = ACTIVITY_ICONS[row.type];
        return (
          <HStack as="li" key={row.id} gap="3" align="flex-start">
            <Icon boxSize="5" color={colour} aria-label={label} role="img" flexShrink="0" />
            <Box minW="0">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {row.action}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {row.user} · <time dateTime={row.at}>{formatDateTime(row.at)}</time>
              </Text>
            </Box>
          </HStack>
        );
      })}
    </Stack>
  );
}

export const LOG_COLUMNS: readonly Column<LogRow>[] = [
  {
    header: 'Level',
    cell: (row) => (
      <Badge colorPalette={LEVEL_COLOURS[row.level]} variant="subtle">
        {row.level}
      </Badge>
    ),
    nowrap: true,
  },
  {
    header: 'Message',
    cell: (row) => (
      <Text as="span" overflowWrap="anywhere">
        {row.message}
      </Text>
    ),
  },
  { header: 'Module', cell: (row) => row.module, nowrap: true },
  { header: 'Timestamp', cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at)}</time>, nowrap: true },
];
