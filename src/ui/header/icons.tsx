import type { ReactNode } from 'react';

/**
 * Header icons as inline SVG (no icon font, no image request). Decorative: the link or button that
 * holds an icon carries the accessible name, so every icon is hidden from assistive technology.
 */
function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </Icon>
);

export const CartIcon = () => (
  <Icon>
    <path d="M5 8h14l-1 13H6z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon size={20}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon size={16}>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon size={16}>
    <path d="M7 5l12 7-12 7z" />
  </Icon>
);

export const CopyIcon = () => (
  <Icon size={16}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h9" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon size={18}>
    <path d="M4 20l1.4-4A8 8 0 1 1 8 19z" />
  </Icon>
);
