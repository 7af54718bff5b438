/**
 * Catches a page that fails to load or throws, and shows RouteError in its place
 * instead of a blank screen. Going to another path clears it (and a page that failed
 * to load is fetched again on its next visit).
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './route-error';
import { forgetFailedLoads } from './lazy-page';

interface State {
  error: unknown;
  hasError: boolean;
}

interface Props {
  children: ReactNode;
  /** The path shown; when it changes, the error is cleared. */
  path: string;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.hasError && previous.path !== this.props.path) {
      forgetFailedLoads();
      this.setState({ error: undefined, hasError: false });
    }
  }

  override render() {
    return this.state.hasError ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
