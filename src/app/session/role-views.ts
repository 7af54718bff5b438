/** Which dashboard view each role opens, and where a user lands after signing in. */
import type { Role } from '#domain/accounts/permissions';
import { paths } from '../config/paths';

export type RoleView = 'user' | 'admin' | 'agent' | 'insurance-agent' | 'police';

export const ROLE_VIEWS: readonly { id: RoleView; role: Role; label: string; home: string }[] = [
  { id: 'user', role: 'buyer', label: 'User', home: paths.dashboard.root },
  { id: 'admin', role: 'admin', label: 'Admin', home: paths.dashboard.admin.root },
  { id: 'agent', role: 'agent', label: 'Agent', home: paths.dashboard.agent.dashboard },
  {
    id: 'insurance-agent',
    role: 'insurance_agent',
    label: 'Insurance Agent',
    home: paths.dashboard.insuranceAgent.dashboard,
  },
  { id: 'police', role: 'police', label: 'Police', home: paths.dashboard.police },
];

/** The role view a dashboard path belongs to. */
export function viewOfPath(pathname: string): RoleView {
  if (pathname.startsWith('/dashboard/admin')) return 'admin';
  if (pathname.startsWith('/dashboard/agent')) return 'agent';
  if (pathname.startsWith('/dashboard/insurance')) return 'insurance-agent';
  if (pathname.startsWith('/dashboard/police')) return 'police';
  return 'user';
}

export function viewsOf(roles: readonly Role[]) {
  return ROLE_VIEWS.filter((view) => roles.includes(view.role));
}

export function mayOpen(roles: readonly Role[], view: RoleView): boolean {
  return viewsOf(roles).some((allowed) => allowed.id === view);
}

/** Pages every signed-in person may open, whatever their roles: their own account settings. */
export const ACCOUNT_SETTINGS_PATH = paths.dashboard.user.settings;

export function mayOpenPath(roles: readonly Role[], pathname: string): boolean {
  return pathname.replace(/\/$/, '') === ACCOUNT_SETTINGS_PATH || mayOpen(roles, viewOfPath(pathname));
}

/** Where to go after signing in: the page asked for, if it is ours, else the user's first view. */
export function landingFor(roles: readonly Role[], redirect: string | null): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) return redirect;
  return viewsOf(roles)[0]?.home ?? paths.dashboard.root;
}
