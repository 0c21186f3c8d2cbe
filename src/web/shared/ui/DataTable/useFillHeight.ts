import { useLayoutEffect, useState, type RefObject } from 'react';

/** Room kept below the rows (the page's bottom margin). */
const BELOW = 16;
const MIN_HEIGHT = 320;

/**
 * The height that lets a scrolling box reach the bottom of the window from where it
 * starts, so the rows (not the page) scroll and the header stays in view; followed on
 * resize. Null until measured (CSS gives a fallback).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BELOW)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
