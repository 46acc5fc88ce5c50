import type { ReactNode } from 'react';
import { IconSvg } from '../components/IconSvg';
import type { ResponsiveImage } from '../components/responsive-image';
import { adopt, closeOnBackdrop, openMemberDialog, returnFocusToPhoto } from '../lib/controls';
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

/**
 * The widths the layout gives a photo, so that a phone fetches the file it shows: on a card, a third of
 * the page less its margins on a phone (one card a row, the photo beside the text), half the page less
 * its margins and gap from 640 px (two columns, the photo above the text), then 272 px at most beside
 * the section's text; in the dialog, `w-40 sm:w-48`.
 */
const CARD_PHOTO_SIZES = '(min-width: 1024px) 272px, (min-width: 640px) calc(50vw - 52px), calc(33.3vw - 13px)';
const DIALOG_PHOTO_SIZES = '(min-width: 640px) 192px, 160px';

function Photo({ photo, sizes, className }: { photo: ResponsiveImage; sizes: string; className: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={sizes} />
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

/** The ids that tie a member's photo to their dialog, and the dialog to its heading. */
const dialogId = (member: TeamMember) => `team-dialog-${member.id}`;
const nameId = (member: TeamMember) => `team-dialog-${member.id}-name`;

/**
 * The two team members; a photo opens the member's profile in a modal (docs/behaviour.md › Team).
 * Each member has a native <dialog> of their own, with its content in the page from the start: a real
 * modal for screen readers that keeps focus inside, closes on Escape and with its close button (a
 * `method="dialog"` form) without any script, and renders above everything. Whether it is open lives
 * in the dialog itself, not in React, so a dialog the early answers opened before the gallery
 * hydrated stays open, and the island has nothing to catch up on.
 */
export default function TeamGallery({ members, strings }: Props) {
  return (
    <>
      {/* On a phone, a card a row with the photo beside the text: two columns there leave a name, a
          role or the experience too narrow a line in either language. */}
      <ul ref={adopt} className="grid gap-4 sm:grid-cols-2 sm:gap-6">
        {members.map((person) => (
          <li key={person.id} className="card flex sm:block" data-team-member={person.id}>
            {/* The photo rounds its own corners to the card's (1rem, inside its 1px border) rather than
                the card clipping it: a clipping card cut the photo's focus ring off on three sides. */}
            <button
              type="button"
              onClick={(event) => openMemberDialog(event.currentTarget)}
              aria-haspopup="dialog"
              aria-controls={dialogId(person)}
              aria-label={person.openLabel}
              data-team-photo
              className="group block w-1/3 shrink-0 overflow-hidden rounded-l-[calc(1rem-1px)] bg-brand-50 sm:w-full sm:rounded-bl-none sm:rounded-t-[calc(1rem-1px)] dark:bg-ink-800"
            >
              <Photo
                photo={person.photo}
                sizes={CARD_PHOTO_SIZES}
                className="aspect-square h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] sm:h-auto"
              />
            </button>
            <div className="min-w-0 self-center p-4 sm:p-5">
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

      {members.map((member) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog as Escape does; the keyboard has Escape and the close button
        <dialog
          key={member.id}
          id={dialogId(member)}
          aria-labelledby={nameId(member)}
          onClose={(event) => returnFocusToPhoto(event.currentTarget)}
          onClick={(event) => closeOnBackdrop(event.currentTarget, event.target)}
          // Opened (`open`) by the early answers when the photo was tapped before React arrived.
          suppressHydrationWarning
          className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-ink-800 shadow-2xl backdrop:bg-ink-950/60 backdrop:backdrop-blur-sm dark:bg-ink-900 dark:text-ink-200"
          data-team-dialog={member.id}
        >
          <div className="relative grid gap-6 p-6 sm:grid-cols-[12rem_1fr] sm:p-8">
            {/* First in the dialog, so it takes the focus when the dialog opens. */}
            <form method="dialog" className="absolute right-3 top-3">
              <button type="submit" className="icon-button" aria-label={strings.close}>
                <IconSvg name="close" />
              </button>
            </form>
            <Photo
              photo={member.photo}
              sizes={DIALOG_PHOTO_SIZES}
              className="aspect-square h-auto w-40 rounded-2xl object-cover sm:w-48"
            />
            <div>
              <h3 id={nameId(member)} className="pr-10 text-2xl font-bold tracking-tight text-ink-950 dark:text-white">
                {member.name}
              </h3>
              <p className="mt-1 text-ink-600 dark:text-ink-300">
                {/* A narrow dialog breaks the line after the dot, never inside "2 years of experience". */}
                {member.role} · <span className="whitespace-nowrap">{member.experience}</span>
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
        </dialog>
      ))}
    </>
  );
}
