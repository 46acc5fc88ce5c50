import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isHover, isHovered } from '../lib/hover';

interface Props {
  /** Public paths of the clip, e.g. `/videos/tafelwerk.webm`. */
  webm: string;
  mp4: string;
  poster: string;
  /** The project's picture, rendered by Astro; it stays visible whenever the video is not playing. */
  children: ReactNode;
}

/**
 * Plays the project's muted loop while a hovering pointer or the keyboard focus is on its card. The
 * <video> element is only created on the first hover, so a visitor who never hovers loads no video
 * at all; a finger that touches a card, to tap it or to scroll, is no hover (lib/hover.ts), and the
 * focus a tap on its link leaves behind, as the visitor leaves for the project's site, is no
 * keyboard's (`:focus-visible`).
 */
export default function ProjectVideo({ webm, mp4, poster, children }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [wanted, setWanted] = useState(false);
  const [activated, setActivated] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const card = frame.current?.closest('article');
    if (!card) return;
    const start = () => {
      // People who ask the system for less motion keep the still image.
      if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
      setActivated(true);
      setWanted(true);
    };
    const stop = (event: Event) => {
      // Focus moving between elements of the same card is not leaving it.
      if (event instanceof FocusEvent && card.contains(event.relatedTarget as Node | null)) return;
      setWanted(false);
      setPlaying(false);
    };
    const listening = new AbortController();
    const { signal } = listening;
    card.addEventListener('pointerenter', (event) => isHover(event) && start(), { signal });
    card.addEventListener('pointerleave', stop, { signal });
    card.addEventListener('focusin', (event) => (event.target as Element).matches(':focus-visible') && start(), {
      signal,
    });
    card.addEventListener('focusout', stop, { signal });
    // The island hydrates as the card scrolls into view, after its code has arrived: a pointer or
    // focus already on the card by then sent its enter event to no one, and would wait in vain.
    if (isHovered(card) || card.querySelector(':focus-visible')) start();
    return () => listening.abort();
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (wanted) {
      // play() rejects when a pause() overtakes it; that is the visitor leaving, not an error.
      element.play().catch(() => undefined);
    } else {
      element.pause();
    }
  }, [wanted, activated]);

  return (
    <div ref={frame} className="relative h-full w-full">
      {children}
      {activated && (
        <video
          ref={video}
          muted
          loop
          playsInline
          preload="none"
          poster={poster}
          aria-hidden="true"
          tabIndex={-1}
          onPlaying={() => setPlaying(wanted)}
          data-playing={playing || undefined}
          className="absolute inset-0 h-full w-full object-cover object-top opacity-0 transition-opacity duration-300 data-[playing]:opacity-100"
        >
          <source src={webm} type="video/webm" />
          <source src={mp4} type="video/mp4" />
        </video>
      )}
    </div>
  );
}
