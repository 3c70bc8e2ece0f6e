/** An online player sees the board from their own seat's side (its colour's view), each round: seats rotate between rounds. */
import { useEffect } from 'react';
import { useSession } from '../../app/page/pageSession';
import { useCamera } from '../../scene/cameraStore';

export function useOwnSide(): void {
  const side = useSession((s) => s.ownColours?.[0] ?? null);
  useEffect(() => {
    if (side) useCamera.getState().setPreset(side);
  }, [side]);
}
