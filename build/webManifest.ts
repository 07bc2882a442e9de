/**
 * The web app manifest (install sheet, home-screen icon, shortcuts). Persian first: `lang` fa and
 * `dir` rtl, with the English name beside the Persian one. Icons and screenshots are files in
 * public/, made by scripts/pwa-icons.ts and scripts/pwa-screenshots.ts.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';
import { paths } from '../src/contract/routes.ts';

export const brandColour = '#0f5f5a';
export const backgroundColour = '#f8fafc';

const shortcutIcon = [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }];

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'پیشخوان — Pishkhan',
  short_name: 'پیشخوان',
  description: 'پنل کسب‌وکار آفلاین‌محور: کارکنان، فروش، انبار و حساب‌ها در یک پیشخوان — Pishkhan, the offline-first business panel',
  lang: 'fa',
  dir: 'rtl',
  start_url: paths.user.dashboard,
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: brandColour,
  background_color: backgroundColour,
  categories: ['business', 'productivity'],
  icons: [
    { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'پیشخوان روی تلفن همراه' },
    { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'پیشخوان روی رایانه' },
  ],
  shortcuts: [
    { name: 'داشبورد', short_name: 'داشبورد', description: 'نمای کلی حساب و کارهای امروز', url: paths.user.dashboard, icons: shortcutIcon },
    { name: 'پنل‌های من', short_name: 'پنل‌ها', description: 'پنل‌های شما و انتخاب پنل', url: paths.user.panelList, icons: shortcutIcon },
    { name: 'پروفایل من', short_name: 'پروفایل', description: 'اطلاعات شخصی و امنیت حساب', url: paths.user.profile, icons: shortcutIcon },
  ],
};
