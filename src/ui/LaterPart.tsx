/**
 * A part of the page whose script is fetched when it is first shown (React.lazy: the dialogs, the
 * online panel). If that script cannot be fetched (the network is gone, or a new version has
 * replaced this one's files on the server), the part is left out and `onFail` undoes what opened
 * it (a dialog closes, so the game is not left paused), instead of the whole page going blank. The
 * page says why (laterPartFailed): the update notice when a new version is the reason, else that
 * the part could not be loaded.
 */
import { Component, createContext, type ReactNode, Suspense } from 'react';
import { laterPartFailed } from '../app/page/installedApp';

/**
 * Where focus was when a later part was asked for (the control that opened it). Its script comes
 * later, when that control may be gone (a menu closed): a dialog in it returns focus here.
 */
export const LaterPartOpener = createContext<HTMLElement | null>(null);

export class LaterPart extends Component<{ children: ReactNode; onFail?: () => void }, { failed: boolean }> {
  override state = { failed: false };
  private readonly opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('a part of the page could not be loaded', error);
    laterPartFailed();
    this.props.onFail?.();
  }
  override render() {
    if (this.state.failed) return null;
    return (
      <LaterPartOpener.Provider value={this.opener}>
        <Suspense fallback={null}>{this.props.children}</Suspense>
      </LaterPartOpener.Provider>
    );
  }
}
