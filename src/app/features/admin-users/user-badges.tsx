/** Each user type and status keeps its own badge colour. */
import type { UserStatus, UserType } from '#domain/statuses/statuses';
import { USER_TYPE_LABELS } from '#domain/accounts/user-list';
import { Badge } from '@chakra-ui/react';

const TYPE_COLOURS: Record<UserType, string> = {
  Customer: 'blue',
  AGENT: 'green',
  INSURANCE_AGENT: 'orange',
  POLICE: 'gray',
  ADMIN: 'red',
};
const STATUS_COLOURS: Record<UserStatus, string> = {
  Active: 'green',
  Pending: 'yellow',
  Suspended: 'red',
  Inactive: 'gray',
};

export function UserTypeBadge({ type }: { type: UserType }) {
  return (
    <Badge colorPalette={TYPE_COLOURS[type]} variant="outline">
      {USER_TYPE_LABELS[type]}
    </Badge>
  );
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOURS[status]} variant="subtle">
      {status}
    </Badge>
  );
}
