import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@loreforge/contract';

/**
 * Whether the fixed navbar shows (SPEC §2 "Header"): hidden while scrolling down, shown when scrolling up
 * or when the offset is under 10px. Reads the scroll position at most once per animation frame and only
 * on scroll events (passive), so scrolling stays smooth.
 * @returns true when the navbar should be visible.
 */
export function useNavbarVisibility(): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    // Reading the offset forces a layout; on the first frame it costs nothing extra, at mount it lengthens the
    // app's first render task.
    frame.current = window.requestAnimationFrame(() => {
      frame.current = null;
      lastY.current = window.scrollY;
    });
    const update = () => {
      frame.current = null;
      const y = window.scrollY;
      const next = y < LIMITS.navbarShowScrollPx || y < lastY.current;
      if (y !== lastY.current) setVisible(next);
      lastY.current = y;
    };
    const handleScroll = () => {
      frame.current ??= window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', handleScroll);
      if (frame.current !== null) window.cancelAnimationFrame(frame.current);
    };
  }, []);
  return visible;
}
