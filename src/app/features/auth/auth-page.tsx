/**
 * Login / Sign Up (/auth): one screen where the two forms toggle in place. The tab lives
 * in the URL (?tab=signup) so links such as the header's 'Sign Up' open the right form,
 * and each form keeps what was typed while the other is shown.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '../../components/tabs';
import { useFollowedState } from '../../components/use-followed-state';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

type AuthTab = 'login' | 'signup';

const copy: Record<AuthTab, { title: string; lead: string }> = {
  login: { title: 'Welcome Back', lead: 'Log in to manage your plates, vehicles and applications.' },
  signup: { title: 'Create Your Account', lead: 'Join Nambala to buy, reserve and manage your licence plates online.' },
};

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The tab answers a press at once; the address follows (useFollowedState).
  const [tab, setTab] = useFollowedState<AuthTab>(searchParams.get('tab') === 'signup' ? 'signup' : 'login');
  const loginTabRef = useRef<HTMLButtonElement>(null);
  const signupTabRef = useRef<HTMLButtonElement>(null);
  const isFocusPending = useRef(false);

  useEffect(() => {
    // The link that switched forms is now hidden; put focus on the tab that is showing instead.
    if (!isFocusPending.current) return;
    isFocusPending.current = false;
    (tab === 'signup' ? signupTabRef : loginTabRef).current?.focus();
  }, [tab]);

  function switchFromForm(next: AuthTab) {
    isFocusPending.current = true;
    show(next);
  }

  function show(next: AuthTab) {
    setTab(next);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'signup') params.set('tab', 'signup');
        else params.delete('tab');
        return params;
      },
      // Switching forms is not a page visit; Back should leave the screen, not flip tabs.
      { replace: true },
    );
  }

  return (
    <AuthCard title={copy[tab].title} lead={copy[tab].lead}>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => show(details.value === 'signup' ? 'signup' : 'login')}
        variant="enclosed"
        fitted
        colorPalette="brand"
      >
        <Tabs.List mb="6">
          <Tabs.Trigger value="login" ref={loginTabRef}>
            Login
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" ref={signupTabRef}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" p="0">
          <LoginForm onSwitchToSignup={() => switchFromForm('signup')} />
        </Tabs.Content>
        <Tabs.Content value="signup" p="0">
          <SignupForm onSwitchToLogin={() => switchFromForm('login')} />
        </Tabs.Content>
      </Tabs.Root>
    </AuthCard>
  );
}
