/** The app's icons: inline SVG, 24-unit grid, stroke in currentColor, hidden from screen readers. */
import type { SVGProps } from 'react';

function icon(path: string) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="size-5"
        {...props}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const EyeIcon = icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z');
export const EyeOffIcon = icon(
  'M3 3l18 18M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7c1.6 0 3-.4 4.3-1M9.9 9.9a3 3 0 0 0 4.2 4.2',
);
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M6 6l12 12M18 6 6 18');
export const UserIcon = icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0');
export const HomeIcon = icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z');
export const PanelIcon = icon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z');
export const ShieldIcon = icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z');
export const LogoutIcon = icon('M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11');
export const GlobeIcon = icon(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
);
export const ChevronIcon = icon('M9 6l6 6-6 6');
export const CalendarIcon = icon('M4 6h16v14H4zM4 10h16M8 3v4M16 3v4');
export const CheckIcon = icon('M5 12l5 5 9-10');
export const AlertIcon = icon('M12 8v5M12 16.5v.5M10.3 3.9 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z');
export const InfoIcon = icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 11v6M12 7.5v.5');
export const PhoneIcon = icon('M7 3h10v18H7zM11 18h2');
export const OfflineIcon = icon(
  'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4-2.3M19 12.5a10 10 0 0 0-2.5-1.8M2 8.8a15 15 0 0 1 5-2.9M22 8.8A15 15 0 0 0 11 5M12 20h.01',
);
export const SyncIcon = icon('M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const SearchIcon = icon('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM21 21l-4.3-4.3');
export const DownloadIcon = icon('M12 4v11M7 10l5 5 5-5M5 20h14');
export const UploadIcon = icon('M12 20V9M7 14l5-5 5 5M5 4h14');
export const TrashIcon = icon('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3');
export const EditIcon = icon('M4 20h4L19 9l-4-4L4 16zM14 6l4 4');
export const BellIcon = icon('M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7M10 20a2 2 0 0 0 4 0');
