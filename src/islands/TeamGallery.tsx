import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { IconSvg } from '../components/IconSvg';
import type { ResponsiveImage } from '../components/responsive-image';
import { parseSkills } from '../lib/skills';

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  bio: string;
  /** Comma-separated, shown as chips. */
  skills: string;
  portfolioUrl: string;
  experience: string;
  openLabel: string;
  photo: ResponsiveImage;
}

interface Props {
  members: TeamMember[];
  strings: { close: string; skills: string; portfolio: string };
}

const PHOTO_SIZES = '(min-width: 640px) 280px, 90vw';

function Photo({ photo, className }: { photo: ResponsiveImage; className: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avifSrcSet} sizes={PHOTO_SIZES} />
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={PHOTO_SIZES} />
      <img
        src={photo.src}
        width={photo.width}
        height={photo.height}
        alt=""
        loading="lazy"
        decoding="async"
        className={className}
      />
    </picture>
  );
}

function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/**
 * The two team members; a photo opens the member's profile in a modal. The native <dialog> gives a
 * real modal for screen readers, keeps focus inside, closes on Escape and renders above everything.
 */
export default function TeamGallery({ members, strings }: Props) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const photoButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const member = openIndex === null ? undefined : members[openIndex];

  const openMember = (index: number) => {
    // The member's content is in place before the dialog shows it.
    flushSync(() => setOpenIndex(index));
    if (!dialog.current?.open) dialog.current?.showModal();
  };

  const handleClose = () => {
    // The close event comes a task after the dialog closed: a visitor who has reopened it by then
    // (Escape, then Space at once) must keep it open.
    if (dialog.current?.open) return;
    photoButtons.current[openIndex ?? -1]?.focus();
    setOpenIndex(null);
  };

  return (
    <>
      <ul className="grid grid-cols-2 gap-4 sm:gap-6">
        {members.map((person, index) => (
          <li key={person.id} className="card overflow-hidden" data-team-member={person.id}>
            <button
              type="button"
              ref={(element) => {
                photoButtons.current[index] = element;
              }}
              onClick={() => openMember(index)}
              aria-haspopup="dialog"
              aria-label={person.openLabel}
              className="group block w-full overflow-hidden bg-brand-50 dark:bg-ink-800"
            >
              <Photo
                photo={person.photo}
                className="aspect-square h-auto w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
              />
            </button>
            <div className="p-4 sm:p-5">
              <h3 className="font-semibold text-ink-950 sm:text-lg dark:text-white">
                <ExternalLink href={person.portfolioUrl} className="hover:underline hover:underline-offset-4">
                  {person.name}
                </ExternalLink>
              </h3>
              <p className="mt-1 text-sm text-ink-600 sm:text-base dark:text-ink-300">{person.role}</p>
              <p className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-medium sm:text-sm text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                {person.experience}
              </p>
            </div>
          </li>
        ))}
      </ul>

      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog as Escape does; the keyboard has Escape and the close button */}
      <dialog
        ref={dialog}
        aria-labelledby="team-dialog-name"
        onClose={handleClose}
        // A click that lands on the dialog element itself hit the backdrop: the content fills the box.
        onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-ink-800 shadow-2xl backdrop:bg-ink-950/60 backdrop:backdrop-blur-sm dark:bg-ink-900 dark:text-ink-200"
        data-team-dialog
      >
        {member && (
          <div className="relative grid gap-6 p-6 sm:grid-cols-[12rem_1fr] sm:p-8">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="icon-button absolute right-3 top-3"
              aria-label={strings.close}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- picks where focus goes when showModal() opens the dialog, as the HTML standard has it
              autoFocus
            >
              <IconSvg name="close" />
            </button>
            <Photo photo={member.photo} className="aspect-square h-auto w-40 rounded-2xl object-cover sm:w-48" />
            <div>
              <h3
                id="team-dialog-name"
                className="pr-10 text-2xl font-bold tracking-tight text-ink-950 dark:text-white"
              >
                {member.name}
              </h3>
              <p className="mt-1 text-ink-600 dark:text-ink-300">
                {member.role} · {member.experience}
              </p>
              <ExternalLink href={member.portfolioUrl} className="text-link mt-3 inline-flex items-center gap-1.5">
                {strings.portfolio}
                <IconSvg name="external" className="h-4 w-4" />
              </ExternalLink>
              <p className="mt-5 leading-relaxed">{member.bio}</p>
              <h4 className="mt-6 text-sm font-semibold uppercase tracking-[0.14em] text-ink-950 dark:text-white">
                {strings.skills}
              </h4>
              <ul className="mt-3 flex flex-wrap gap-2" data-skill-chips>
                {parseSkills(member.skills).map((skill) => (
                  <li
                    key={skill}
                    className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
                  >
                    {skill}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
