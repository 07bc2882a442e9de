/**
 * Which screen each route shows, every one a lazy chunk. Public screens render in the auth frame;
 * `/User/**` screens behind the session guard, in the app frame. Module screens come from the
 * discovered modules (src/panel/modules.ts).
 */
import { paths } from '../contract/routes.ts';
import { withFullCatalogue, withModuleCatalogues } from '../i18n/locale.ts';
import { lazyScreen, type Screen } from '../panel/lazyScreen.ts';

/** Full-page public screens with a frame of their own. */
export const standaloneScreens: Record<string, Screen> = {
  [paths.home]: lazyScreen(() => withModuleCatalogues(import('../features/home/HomePage.tsx')), 'HomePage'),
};

/** Public account screens, shown in the auth frame. */
export const authScreens: Record<string, Screen> = {
  [paths.auth.login]: lazyScreen(() => import('../features/auth/Login.tsx'), 'Login'),
  // The login page's words are in the shell's catalogue; every other screen's come with the full one.
  [paths.auth.mobileLogin]: lazyScreen(() => withFullCatalogue(import('../features/auth/MobileLogin.tsx')), 'MobileLogin'),
  [paths.auth.passwordForgot]: lazyScreen(() => withFullCatalogue(import('../features/auth/PasswordForgot.tsx')), 'PasswordForgot'),
  [paths.auth.signUp]: lazyScreen(() => withFullCatalogue(import('../features/auth/Singup.tsx')), 'Singup'),
  [paths.auth.profile]: lazyScreen(() => withFullCatalogue(import('../features/account/RegistrationProfile.tsx')), 'RegistrationProfile'),
};

/** Screens of the signed-in area, shown in the app frame. */
export const userScreens: Record<string, Screen> = {
  [paths.user.dashboard]: lazyScreen(() => import('../features/account/Dashboard.tsx'), 'Dashboard'),
  [paths.user.profile]: lazyScreen(() => import('../features/account/Profile.tsx'), 'Profile'),
  [paths.user.profileInformation]: lazyScreen(() => import('../features/account/ProfileInformation.tsx'), 'ProfileInformation'),
  [paths.user.profileSecurity]: lazyScreen(() => import('../features/account/ProfileSecurity.tsx'), 'ProfileSecurity'),
  [paths.user.panel]: lazyScreen(() => import('../features/panels/PanelDashboard.tsx'), 'PanelDashboard'),
  [paths.user.panelDashboard]: lazyScreen(() => import('../features/panels/PanelDashboard.tsx'), 'PanelDashboard'),
  [paths.user.panelList]: lazyScreen(() => import('../features/panels/PanelList.tsx'), 'PanelList'),
  [paths.user.registerPanel]: lazyScreen(() => import('../features/panels/RegisterPanel.tsx'), 'RegisterPanel'),
  [paths.syncProblems]: lazyScreen(() => import('../features/panels/SyncProblems.tsx'), 'SyncProblems'),
  [paths.importData]: lazyScreen(() => withModuleCatalogues(import('../panel/import/ImportScreen.tsx')), 'ImportScreen'),
  [paths.notifications]: lazyScreen(() => withModuleCatalogues(import('../features/notifications/Notifications.tsx')), 'Notifications'),
};
