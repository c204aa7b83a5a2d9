/**
 * The providers' marks on the social sign-in buttons (functions/shared/social-labels.ts): small
 * inline SVG, decorative (the button's accessible name says «Войти через …»), drawn in each
 * provider's own colours so a viewer finds theirs at a glance. A mark that is a letter (VK, Я) is
 * drawn by CSS (`content: attr(data-letter)`), not as SVG text: text inside the link would be part of
 * its visible label, which then no longer matches its name (WCAG 2.5.3, label in name).
 */
export function SocialMark({ provider }: { provider: string }) {
  const letter = LETTERS[provider];
  if (letter)
    return (
      <span
        className={`social-mark social-mark--letter social-mark--${provider}`}
        data-letter={letter}
        aria-hidden="true"
      />
    );
  const mark = MARKS[provider];
  if (!mark) return null;
  return (
    <svg
      className="social-mark"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {mark}
    </svg>
  );
}

/** Marks that are a letter on the provider's colour (AuthPage.astro's `.social-mark--letter`). */
const LETTERS: Record<string, string> = { vk: 'VK', ya: 'Я' };

const MARKS: Record<string, React.ReactNode> = {
  ok: (
    <>
      <rect width="24" height="24" rx="6" fill="#ee8208" />
      <g fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="8" r="3" />
        <path d="M8 13.4c2.4 1.5 5.6 1.5 8 0M12 15.2v.2M9 19.5l3-3.5 3 3.5" />
      </g>
    </>
  ),
  gp: (
    <>
      <rect width="24" height="24" rx="6" fill="#fff" />
      <g fill="none" strokeWidth="3">
        <path d="M17.7 8.2A7 7 0 0 0 6 9" stroke="#ea4335" />
        <path d="M6 9a7 7 0 0 0 0 6" stroke="#fbbc05" />
        <path d="M6 15a7 7 0 0 0 11.3 1.6" stroke="#34a853" />
        <path d="M17.3 16.6A7 7 0 0 0 19 12h-6.5" stroke="#4285f4" />
      </g>
    </>
  ),
  fb: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1877f2" />
      <path
        d="M13.3 20v-6.3h2.1l.4-2.5h-2.5V9.6c0-.7.3-1.3 1.4-1.3h1.2V6.2a14 14 0 0 0-1.9-.2c-2 0-3.2 1.2-3.2 3.3v1.9H8.6v2.5h2.2V20z"
        fill="#fff"
      />
    </>
  ),
};
