import { useEffect, useState, type RefObject } from 'react';

/** Room kept below the rows (the page's bottom margin). */
const BELOW = 16;
const MIN_HEIGHT = 320;

/**
 * The height that lets a scrolling box reach the bottom of the window from where it
 * starts, so the rows (not the page) scroll and the header stays in view; followed on
 * resize. Null until measured (CSS gives a fallback).
 *
 * Where the box starts is read from an IntersectionObserver's entry, which the browser
 * hands over after its own layout: reading it synchronously while the page mounts
 * (getBoundingClientRect) forced a layout of the whole page in the middle of rendering.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | null = null;
    const measure = () => {
      observer?.disconnect();
      observer = new IntersectionObserver(([entry]) => {
        observer?.disconnect();
        if (!entry) return;
        const top = entry.boundingClientRect.top + window.scrollY;
        setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BELOW)));
      });
      observer.observe(element);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}
