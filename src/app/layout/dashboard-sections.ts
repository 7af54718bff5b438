/**
 * The dashboard's role views and their sections (spec section 2, "Dashboard
 * routes"), in sidebar order: the table the sidebar is drawn from.
 */
import { paths } from '../config/paths';
import type { RoleView } from '../session/role-views';

export interface DashboardSection {
  id: string;
  view: RoleView;
  path: string;
  label: string;
  title: string;
  summary: string;
}

const d = paths.dashboard;

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  {
    id: 'user-overview',
    view: 'user',
    path: d.root,
    label: 'Overview',
    title: 'My Dashboard',
    summary: 'Your plates, vehicles, renewals and compliance at a glance.',
  },
  {
    id: 'user-plates',
    view: 'user',
    path: d.user.plates,
    label: 'My Plates',
    title: 'My Plates & Orders',
    summary: 'Plates you own and orders in progress.',
  },
  {
    id: 'user-vehicles',
    view: 'user',
    path: d.user.vehicles,
    label: 'Vehicles',
    title: 'Vehicles & Fleet',
    summary: 'Your vehicles, their drivers, expiry dates and compliance.',
  },
  {
    id: 'user-certificates',
    view: 'user',
    path: d.user.certificates,
    label: 'Certificates',
    title: 'Certificates',
    summary: 'Registration certificates with each plate’s QR code, as PDF.',
  },
  {
    id: 'user-payments',
    view: 'user',
    path: d.user.payments,
    label: 'Payments',
    title: 'Payments',
    summary: 'Your payment history and receipts.',
  },
  {
    id: 'user-settings',
    view: 'user',
    path: d.user.settings,
    label: 'Settings',
    title: 'Settings',
    summary: 'Your profile and password.',
  },
  {
    id: 'admin-overview',
    view: 'admin',
    path: d.admin.root,
    label: 'Overview',
    title: 'System Dashboard',
    summary: 'Real-time system insights',
  },
  {
    id: 'admin-users',
    view: 'admin',
    path: d.admin.users,
    label: 'Users',
    title: 'User Management',
    summary: 'Accounts, roles and approvals.',
  },
  {
    id: 'admin-requests',
    view: 'admin',
    path: d.admin.requests,
    label: 'Plate Requests',
    title: 'Plate Requests',
    summary: 'Manage and process license plate applications',
  },
  {
    id: 'admin-inventory',
    view: 'admin',
    path: d.admin.inventory,
    label: 'Inventory',
    title: 'Inventory Management',
    summary: 'Manage plate allocations and inventory tracking',
  },
  {
    id: 'admin-reports',
    view: 'admin',
    path: d.admin.reports,
    label: 'Reports',
    title: 'Reports & Analytics',
    summary: 'Figures for the chosen period, exportable as files.',
  },
  {
    id: 'admin-compliance',
    view: 'admin',
    path: d.admin.compliance,
    label: 'Compliance',
    title: 'Compliance',
    summary: 'What plate makers have recorded: sales in their whitebooks, plates made and blank stock received.',
  },
  {
    id: 'admin-qr-system',
    view: 'admin',
    path: d.admin.qrSystem,
    label: 'QR System',
    title: 'QR System',
    summary: 'Signing keys and revocations for plate credentials.',
  },
  {
    id: 'admin-refunds',
    view: 'admin',
    path: d.admin.refunds,
    label: 'Refunds',
    title: 'Refunds',
    summary: 'Money paid back through the payment provider, with retry and export.',
  },
  {
    id: 'admin-partners',
    view: 'admin',
    path: d.admin.partners,
    label: 'Partner API',
    title: 'Partner API',
    summary: 'Organisations that check plates from their own systems, their API keys and usage.',
  },
  {
    id: 'admin-messages',
    view: 'admin',
    path: d.admin.messages,
    label: 'Sent messages',
    title: 'Sent messages',
    summary: 'SMS and email sent to users, and how each went.',
  },
  {
    id: 'admin-settings',
    view: 'admin',
    path: d.admin.settings,
    label: 'Settings',
    title: 'Settings',
    summary: 'Prices, fees and their history.',
  },
  {
    id: 'agent-overview',
    view: 'agent',
    path: d.agent.dashboard,
    label: 'Dashboard',
    title: 'Agent Dashboard',
    summary: 'Orders, sales and blank stock for your shop.',
  },
  {
    id: 'agent-whitebook',
    view: 'agent',
    path: d.agent.whitebook,
    label: 'Whitebook Entry',
    title: 'Whitebook Entry',
    summary: 'Register a plate sale and the vehicle’s details.',
  },
  {
    id: 'agent-manufacturing',
    view: 'agent',
    path: d.agent.manufacturing,
    label: 'Manufacturing',
    title: 'Manufacturing Details',
    summary: 'Upload Plate Manufacturing Details',
  },
  {
    id: 'agent-inventory',
    view: 'agent',
    path: d.agent.inventory,
    label: 'Inventory',
    title: 'Inventory Tracking',
    summary: 'Plate blanks and raw materials received.',
  },
  {
    id: 'agent-settings',
    view: 'agent',
    path: d.agent.settings,
    label: 'Settings',
    title: 'Settings',
    summary: 'Your shop and profile.',
  },
  {
    id: 'insurance-overview',
    view: 'insurance-agent',
    path: d.insuranceAgent.dashboard,
    label: 'Dashboard',
    title: 'Insurance Dashboard',
    summary: 'Policies and claims tied to registered plates.',
  },
  {
    id: 'insurance-policies',
    view: 'insurance-agent',
    path: d.insuranceAgent.policies,
    label: 'Policies',
    title: 'Policies',
    summary: 'Insurance policies for registered plates.',
  },
  {
    id: 'insurance-claims',
    view: 'insurance-agent',
    path: d.insuranceAgent.claims,
    label: 'Claims',
    title: 'Claims',
    summary: 'Claims and their progress.',
  },
  {
    id: 'insurance-customers',
    view: 'insurance-agent',
    path: d.insuranceAgent.customers,
    label: 'Customers',
    title: 'Customers',
    summary: 'Policy holders and their vehicles.',
  },
  {
    id: 'insurance-settings',
    view: 'insurance-agent',
    path: d.insuranceAgent.settings,
    label: 'Settings',
    title: 'Settings',
    summary: 'Your profile.',
  },
  {
    id: 'police-overview',
    view: 'police',
    path: d.police,
    label: 'Verify Plates',
    title: 'Roadside Verification',
    summary: 'Scan or type a plate and get a verdict, with or without a signal.',
  },
];
