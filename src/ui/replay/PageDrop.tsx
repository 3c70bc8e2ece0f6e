/** A record file dropped anywhere on the page opens in replay; a bad one is refused with its reason. */
import { useEffect } from 'react';
import { useSession } from '../../app/page/pageSession';

export function PageDrop() {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = async (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      const { openRecordFile } = await import('./OpenRecordDialog');
      const problem = await openRecordFile(file);
      if (problem) useSession.getState().showNotice(problem, 'refusal');
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return null;
}
