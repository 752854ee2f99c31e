'use client';
import { useEffect } from 'react';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';
import { GALLERY_ID, galleryAlt } from './gallery-text';

// Horizontal travel (px) that counts as a swipe.
const SWIPE_MIN = 40;

/**
 * Brings the server-drawn gallery (./product-gallery.tsx) to life: arrows, thumbnails, arrow keys and swipe change
 * the main image, its counter and the current thumbnail. Its buttons stay disabled until then.
 */
export function GalleryControls({ name, images }: { name: string; images: string[] }) {
  useEffect(() => {
    const root = document.getElementById(GALLERY_ID);
    const main = root?.querySelector<HTMLImageElement>('[data-gallery-main]');
    const stage = root?.querySelector<HTMLElement>('[data-gallery-stage]');
    if (!root || !main || !stage) return;
    const counter = root.querySelector('[data-gallery-counter]');
    const thumbs = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-gallery-show]'));
    const count = images.length;
    let index = 0;
    let touch: { x: number; y: number } | null = null;

    const show = (i: number) => {
      index = ((i % count) + count) % count;
      const src = images[index]!;
      const sources = imageSources(src, IMAGE_WIDTHS.hero, canOptimize(src));
      if (sources.srcSet) main.srcset = sources.srcSet;
      else main.removeAttribute('srcset');
      main.src = sources.src;
      main.alt = galleryAlt(name, index, count);
      if (counter) counter.textContent = `${index + 1} / ${count}`;
      thumbs.forEach((thumb, n) => thumb.setAttribute('aria-current', String(n === index)));
    };
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button');
      if (button?.dataset.galleryStep) show(index + Number(button.dataset.galleryStep));
      else if (button?.dataset.galleryShow) show(Number(button.dataset.galleryShow));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      show(index + (event.key === 'ArrowRight' ? 1 : -1));
      event.preventDefault();
    };
    const onTouchStart = (event: TouchEvent) => {
      const t = event.touches[0];
      touch = t ? { x: t.clientX, y: t.clientY } : null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const start = touch;
      const t = event.changedTouches[0];
      touch = null;
      if (!start || !t) return;
      const dx = t.clientX - start.x;
      if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(t.clientY - start.y)) show(index + (dx < 0 ? 1 : -1));
    };

    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKey);
    stage.addEventListener('touchstart', onTouchStart, { passive: true });
    stage.addEventListener('touchend', onTouchEnd);
    root.querySelectorAll('button').forEach((button) => (button.disabled = false));
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKey);
      stage.removeEventListener('touchstart', onTouchStart);
      stage.removeEventListener('touchend', onTouchEnd);
    };
  }, [name, images]);
  return null;
}
