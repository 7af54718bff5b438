/** The one table of the app's paths (spec section 2). */
import { CONFIRM_EMAIL_PATH, EMAIL_CHANGE_PATH, RESET_PASSWORD_PATH } from '#domain/accounts/account-links';

export const paths = {
  home: '/',
  marketplace: '/marketplace',
  howItWorks: '/how-it-works',
  pricing: '/pricing',
  verification: '/verification',
  /** Where a plate's QR code points: /v#<credential digits> (see src/domain/credential/qr-url.ts). */
  credential: '/v',
  aboutContact: '/about-contact',
  auth: '/auth',
  signup: '/auth?tab=signup',
  forgotPassword: '/auth/forgot-password',
  resetPassword: RESET_PASSWORD_PATH,
  confirmEmail: CONFIRM_EMAIL_PATH,
  emailChange: EMAIL_CHANGE_PATH,
  help: '/help',
  buyProcess: '/buy-process',
  terms: '/terms',
  privacy: '/privacy',
  compliance: '/compliance',
  dashboard: {
    root: '/dashboard',
    user: {
      plates: '/dashboard/user/plates',
      vehicles: '/dashboard/user/vehicles',
      certificates: '/dashboard/user/certificates',
      payments: '/dashboard/user/payments',
      settings: '/dashboard/user/settings',
    },
    admin: {
      root: '/dashboard/admin',
      users: '/dashboard/admin/users',
      requests: '/dashboard/admin/requests',
      inventory: '/dashboard/admin/inventory',
      reports: '/dashboard/admin/reports',
      compliance: '/dashboard/admin/compliance',
      qrSystem: '/dashboard/admin/qr-system',
      messages: '/dashboard/admin/messages',
      ussd: '/dashboard/admin/ussd',
      refunds: '/dashboard/admin/refunds',
      partners: '/dashboard/admin/partners',
      settings: '/dashboard/admin/settings',
    },
    agent: {
      root: '/dashboard/agent',
      dashboard: '/dashboard/agent/dashboard',
      whitebook: '/dashboard/agent/whitebook',
      manufacturing: '/dashboard/agent/manufacturing',
      inventory: '/dashboard/agent/inventory',
      settings: '/dashboard/agent/settings',
    },
    insurance: '/dashboard/insurance',
    insuranceAgent: {
      dashboard: '/dashboard/insurance-agent/dashboard',
      policies: '/dashboard/insurance-agent/policies',
      claims: '/dashboard/insurance-agent/claims',
      customers: '/dashboard/insurance-agent/customers',
      settings: '/dashboard/insurance-agent/settings',
    },
    police: '/dashboard/police',
  },
} as const;

/** A path with the plate number a visitor typed, for the quick search. */
export function withPlate(path: string, plateNumber: string): string {
  const plate = plateNumber.trim();
  return plate ? `${path}?plate=${encodeURIComponent(plate)}` : path;
}
