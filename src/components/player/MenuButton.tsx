import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface MenuOption {
  value: string;
  label: string;
}

/** One set of choices: a menu of the bar, or a group of a phone's «Настройки» sheet. */
export interface MenuSection {
  label: string;
  options: MenuOption[];
  value: string;
  onChange(value: string): void;
}

interface Props {
  label: string;
  icon: ReactNode;
  /** What is chosen now, shown beside the icon (720p, RU). */
  badge?: string;
  section: MenuSection;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * A button that opens a menu of choices (WAI-ARIA menu button with menuitemradio items): arrows
 * move through every item, Enter or Space picks, Esc or Tab closes and focus returns to the button.
 */
export function MenuButton({ label, icon, badge, section, open, onOpenChange }: Props) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? []),
  ];

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  // On opening only: the player repaints several times a second, and focus must stay where it is.
  useEffect(() => {
    if (!open) return;
    // The player's rounded frame clips: the menu gets the room between its top and the button.
    const frame = button.current?.closest('.player')?.getBoundingClientRect();
    const at = button.current?.getBoundingClientRect();
    if (menu.current && frame && at)
      menu.current.style.maxHeight = `${Math.max(120, at.top - frame.top - 16)}px`;
    const list = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? [])];
    (list.find((el) => el.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t))
        onOpenChangeRef.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (focusButton: boolean) => {
    onOpenChange(false);
    if (focusButton) button.current?.focus();
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    const keys = new Map<string, () => void>([
      ['ArrowDown', () => move(at + 1)],
      ['ArrowUp', () => move(at - 1)],
      ['Home', () => move(0)],
      ['End', () => move(list.length - 1)],
      ['Escape', () => close(true)],
      ['Tab', () => close(false)],
    ]);
    const run = keys.get(e.key);
    if (!run) return;
    if (e.key !== 'Tab') e.preventDefault();
    e.stopPropagation();
    run();
  };
  const pick = (v: string) => {
    section.onChange(v);
    close(true);
  };
  const radios = section.options.map((o) => (
    <div
      key={o.value}
      role="menuitemradio"
      aria-checked={o.value === section.value}
      tabIndex={-1}
      onClick={() => pick(o.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          e.stopPropagation();
          pick(o.value);
        }
      }}
    >
      {o.label}
    </div>
  ));

  return (
    <div className="player__menu">
      <button
        ref={button}
        type="button"
        className="player__button"
        // The badge is part of what the button shows, so its name says it too (WCAG 2.5.3).
        aria-label={badge ? `${label}: ${badge}` : label}
        data-tip={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            onOpenChange(true);
          }
        }}
      >
        {icon}
        {badge && (
          <span className="player__badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      <div
        ref={menu}
        id={`${id}-menu`}
        className="player__menu-list"
        role="menu"
        aria-label={label}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {radios}
      </div>
    </div>
  );
}
