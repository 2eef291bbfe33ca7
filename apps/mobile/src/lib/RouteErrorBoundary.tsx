import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './RouteError.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The address: a new one clears the failure (without remounting a page that did not fail). */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('页面渲染失败', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * 页面加载失败 in place of a page that threw while drawing — most often its code could not be
 * fetched because the network dropped. What the data router's errorElement did before ADR 0067
 * (the declarative router has none); a new address starts afresh, as a route change did there.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
