// An account that awaits approval (an agent or officer just signed up) is told so and what
// happens next, and is shown no one else's menu.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccessNotice, PendingSidebar } from '../../../src/app/layout/access-notice';
import { sidebarView } from '../../../src/app/layout/sidebar-view';
import { viewsOf } from '../../../src/app/session/role-views';
import type { SessionUser } from '../../../src/app/session/session-store';
import { appSystem } from '../../../src/app/theme/system';

const PENDING: SessionUser = {
  id: 'u-1',
  name: 'Mutale Mwanza',
  email: 'newshop@example.zm',
  phone: '+260971234567',
  status: 'Pending',
  userType: 'AGENT',
  roles: [],
  requestedRole: 'agent',
  businessName: 'Kitwe Plate Works',
};

function draw(node: React.ReactNode): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter initialEntries={['/dashboard']}>{node}</MemoryRouter>
    </ChakraProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('an account awaiting approval', () => {
  it('is shown no view’s menu: neither the buyer’s nor an empty View', () => {
    expect(sidebarView(viewsOf([]), '/dashboard')).toBeNull();
    expect(sidebarView(viewsOf([]), '/dashboard/agent')).toBeNull();
    const sidebar = draw(<PendingSidebar />);
    expect(sidebar).toContain('Awaiting approval');
    expect(sidebar).not.toContain('My Plates');
    expect(sidebar).toContain('Account settings');
  });

  it('reads that it awaits approval and what happens next, for the role it asked for', () => {
    const notice = draw(<AccessNotice kind="pending" user={PENDING} />);
    expect(notice).toContain('Your account is awaiting approval');
    expect(notice).toContain('plate maker (agent) account (Kitwe Plate Works)');
    expect(notice).toContain('What happens next');
    expect(notice).toContain('by email and SMS when your account is approved');
    expect(notice).toContain('the plate maker’s workspace opens here');
  });

  it('keeps a held view’s menu, and on a page of a view not held shows the first held', () => {
    expect(sidebarView(viewsOf(['buyer']), '/dashboard')).toBe('user');
    expect(sidebarView(viewsOf(['agent']), '/dashboard/admin')).toBe('agent');
  });
});
