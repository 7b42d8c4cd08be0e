/** A few line icons as inline SVG (no icon font, no emoji: both render as boxes on some tablets). */
const PATHS = {
  home: 'M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10',
  anchor: 'M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm0 0v13m-7-8a7 7 0 0 0 14 0M8 11h8',
  radar: 'M12 12 19 5M21 12a9 9 0 1 1-9-9m0 4a5 5 0 1 0 5 5',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm3.5-12.5-2 5-5 2 2-5 5-2Z',
  folder: 'M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z',
  cap: 'M2 9l10-5 10 5-10 5Zm4 2v5c3 2 9 2 12 0v-5M22 9v6',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  gear: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2.2-1.3L14.3 2h-4l-.4 2.5a7 7 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2.2 1.3l.4 2.5h4l.4-2.5a7 7 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3Z',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5m5 5H3',
  menu: 'M4 6h16M4 12h16M4 18h16',
  clip: 'M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5',
  chat: 'M4 5h16v11H9l-5 4Z',
  book: 'M4 4h7a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4Zm16 0h-7a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h7Z',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm4 17h2',
  thumbUp: 'M7 10v11H3V10Zm0 0 4-8a2.5 2.5 0 0 1 3 3l-1 4h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7',
  thumbDown: 'M7 14V3H3v11Zm0 0 4 8a2.5 2.5 0 0 0 3-3l-1-4h6a2 2 0 0 0 2-2.3l-1.3-7A2 2 0 0 0 17.7 3H7',
  spark: 'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6',
  check: 'M4 12l5 5L20 6',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
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
      <path d={PATHS[name]} />
    </svg>
  )
}
