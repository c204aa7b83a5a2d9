/**
 * Fullscreen of the player's own element (not the video's: the controls stay ours). On a touch
 * screen, turning it sideways while the video plays goes fullscreen, and turning it back leaves
 * the fullscreen that turn opened; a browser that refuses (no user gesture) leaves things as they are.
 */
import { type RefObject, useEffect, useState } from 'react';

export function useFullscreen(root: RefObject<HTMLElement | null>, video: HTMLVideoElement | null) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [root]);
  useEffect(() => {
    const landscape = matchMedia('(orientation: landscape)');
    const touch = matchMedia('(pointer: coarse)');
    let byTurn = false;
    const turned = () => {
      const el = root.current;
      if (!el || !video) return;
      if (!landscape.matches) {
        if (byTurn && document.fullscreenElement === el)
          void document.exitFullscreen().catch(() => {});
        byTurn = false;
      } else if (touch.matches && !video.paused && !document.fullscreenElement)
        // In a promise: an iPhone's Safari has no element fullscreen at all, and that throws too.
        void Promise.resolve()
          .then(() => el.requestFullscreen())
          .then(
            () => {
              byTurn = true;
            },
            () => {},
          );
    };
    landscape.addEventListener('change', turned);
    return () => landscape.removeEventListener('change', turned);
  }, [root, video]);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void root.current?.requestFullscreen().catch(() => {});
  };
  return { fullscreen, toggleFullscreen };
}
