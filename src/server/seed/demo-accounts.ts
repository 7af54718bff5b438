/** One demo account per role (listed with their passwords in the README). */
import type { Role } from '#domain/accounts/permissions';
import type { AccountTypeId, UserStatus, UserType } from '#domain/statuses/statuses';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  accountType: AccountTypeId;
  userType: UserType;
  roles: Role[];
  businessName?: string;
  licenseNumber?: string;
  /** A Zambian mobile number: its holder is told by SMS too, and a USSD check from it sees their plates. */
  phone?: string;
  /** Active unless said otherwise. */
  status?: UserStatus;
  requestedRole?: Role;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@nambala.zm',
    password: 'Admin#2026',
    name: 'Bwalya Mulenga',
    accountType: 'individual',
    userType: 'ADMIN',
    roles: ['admin'],
  },
  {
    email: 'buyer@nambala.zm',
    password: 'Buyer#2026',
    name: 'Mwila Banda',
    // The number Mwila gives on his plate request and pays from by Airtel Money (demo-owner.ts).
    phone: '+260971234567',
    accountType: 'individual',
    userType: 'Customer',
    roles: ['buyer'],
  },
  {
    email: 'agent@nambala.zm',
    password: 'Agent#2026',
    name: 'Chanda Phiri',
    accountType: 'agent',
    userType: 'AGENT',
    roles: ['agent'],
    businessName: 'Cairo Road Plates',
    licenseNumber: 'PM-0042',
  },
  {
    email: 'police@nambala.zm',
    password: 'Police#2026',
    name: 'Inspector Tembo',
    accountType: 'law',
    userType: 'POLICE',
    roles: ['police'],
  },
  {
    email: 'insurer@nambala.zm',
    password: 'Insurer#2026',
    name: 'Natasha Zulu',
    accountType: 'individual',
    userType: 'INSURANCE_AGENT',
    roles: ['insurance_agent'],
  },
  // A plate maker waiting for approval, so the administrator's screen has one to check.
  {
    email: 'newshop@nambala.zm',
    password: 'Newshop#2026',
    name: 'Mutale Mwanza',
    accountType: 'agent',
    userType: 'AGENT',
    roles: [],
    businessName: 'Kitwe Plate Works',
    licenseNumber: 'PM-0117',
    status: 'Pending',
    requestedRole: 'agent',
  },
];
