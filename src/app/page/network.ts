/**
 * Whether the device has a network, as the browser says (navigator.onLine and its `online` and
 * `offline` events): online play, the profile and the leaderboard say plainly that they need one
 * while it is gone, and try again by themselves when it returns. A network that is there but
 * cannot reach the game server is not "offline": those parts say what failed, as before.
 */
import { create } from 'zustand';

export const useNetwork = create<{ online: boolean }>(() => ({ online: typeof navigator === 'undefined' || navigator.onLine !== false }));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useNetwork.setState({ online: true }));
  window.addEventListener('offline', () => useNetwork.setState({ online: false }));
}

/**
 * Calls `retry` each time the network comes back (not at once); returns the unsubscribe. For what
 * failed while it was gone and should come back by itself.
 */
export function onNetworkBack(retry: () => void): () => void {
  return useNetwork.subscribe((now, before) => {
    if (now.online && !before.online) retry();
  });
}
