/**
 * Signs out and removes the user's personal data from this device. If changes made
 * here have not reached the server yet, it says so first: signing out would lose them.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSyncStatus } from '../components/use-sync-status';
import { paths } from '../config/paths';
import { signOut } from '../session/session-store';

export function SignOutButton() {
  const navigate = useNavigate();
  const { pending, rejected } = useSyncStatus('pending', 'rejected');
  const [isSigningOut, setSigningOut] = useState(false);
  const unsynced = pending + rejected;

  async function confirmAndSignOut() {
    if (
      unsynced > 0 &&
      !window.confirm(
        `${unsynced} change${unsynced === 1 ? ' has' : 's have'} not reached the server yet. Signing out now removes ${unsynced === 1 ? 'it' : 'them'} from this device. Sign out anyway?`,
      )
    )
      return;
    setSigningOut(true);
    try {
      await signOut();
      const { clearPersonalData } = await import('../store/clear-personal-data');
      await clearPersonalData();
      navigate(paths.auth, { replace: true });
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <Button size="sm" variant="outline" loading={isSigningOut} onClick={() => void confirmAndSignOut()}>
      Sign out
    </Button>
  );
}
