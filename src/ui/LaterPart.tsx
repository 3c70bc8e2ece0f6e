/**
 * A part of the page whose script is fetched when it is first shown (React.lazy: the dialogs, the
 * online panel). If that script cannot be fetched (the network is gone, or a new version has
 * replaced this one's files on the server), the part is left out and `onFail` undoes what opened
 * it (a dialog closes, so the game is not left paused), instead of the whole page going blank. The
 * update notice says when a new version is the reason (src/app/page/installedApp.ts).
 */
import { Component, type ReactNode, Suspense } from 'react';

export class LaterPart extends Component<{ children: ReactNode; onFail?: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('a part of the page could not be loaded', error);
    this.props.onFail?.();
  }
  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
