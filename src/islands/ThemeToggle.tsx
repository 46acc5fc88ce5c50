import { IconSvg } from '../components/IconSvg';
import { adopt } from '../lib/controls';
import { toggleTheme } from '../lib/theme';

interface Props {
  labels: { toDark: string; toLight: string };
}

/**
 * Flips light/dark and stores the choice. Icon and label follow the `dark` class through CSS, so the
 * pre-rendered button is already right before hydration and React never renders theme state. Until
 * the island has adopted the button, the early answers flip the theme (`src/hydration/early-answers.ts`).
 */
export default function ThemeToggle({ labels }: Props) {
  return (
    <button type="button" ref={adopt} className="icon-button" data-theme-toggle onClick={() => toggleTheme()}>
      <IconSvg name="moon" className="h-5 w-5 dark:hidden" />
      <IconSvg name="sun" className="hidden h-5 w-5 dark:block" />
      <span className="sr-only dark:hidden">{labels.toDark}</span>
      <span className="sr-only hidden dark:inline">{labels.toLight}</span>
    </button>
  );
}
