/**
 * Every client route of spec section 2, written once, spelled as the spec spells them (those are
 * canonical), with the correctly spelled aliases that redirect to them. Routes match
 * case-insensitively. The server reads this too, to tell a client route from a missing file.
 */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/Login',
    mobileLogin: '/auth/MobileLogin',
    passwordForgot: '/auth/PasswordForgot',
    profile: '/auth/Profile',
    signUp: '/auth/Singup',
  },
  user: {
    dashboard: '/User/Dashboard',
    panel: '/User/Panel',
    profile: '/User/Profile',
    profileInformation: '/User/Profile/information',
    profileSecurity: '/User/Profile/Security',
    panelDashboard: '/User/Panel/Dashboard',
    panelList: '/User/Panel/PanelList',
    registerPanel: '/User/Panel/AddPanel/RegisterPanel',
  },
  syncProblems: '/User/Panel/SyncProblems',
  notifications: '/User/Panel/Notifications',
  /** Importing an entity's rows from a spreadsheet: `?entity=<Module>/<Entity>&back=<list path>` (decision 042). */
  importData: '/User/Panel/Import',
} as const;

export const MODULE_BASE = '/User/Panel/Module';

/** A module's key: its folder's name and the path segment the spec gives it (src/contract/module.ts). */
export type ModuleKey = string;

/** The full path of a module screen, e.g. modulePath('PanelManagement', 'Role'). */
export function modulePath(module: ModuleKey, screen: string): string {
  return `${MODULE_BASE}/${module}/${screen}`;
}

/** A screen's path with its query; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Correctly spelled paths that redirect to the spec's spellings (a module's own are in its declaration). */
export const aliases: Readonly<Record<string, string>> = {
  '/auth/Signup': paths.auth.signUp,
  '/auth/SignUp': paths.auth.signUp,
};

/** Every route of the platform (spec section 2 without the modules'), canonical spelling. */
export const platformRoutes: readonly string[] = [
  paths.home,
  ...Object.values(paths.auth),
  ...Object.values(paths.user),
  paths.syncProblems,
  paths.notifications,
  paths.importData,
];

function key(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

const canonicalByKey = new Map(platformRoutes.map((r) => [key(r), r]));
const aliasByKey = new Map(Object.entries(aliases).map(([from, to]) => [key(from), to]));

/** The canonical platform route a path names (any case, an alias, a trailing slash), or null. */
export function canonicalRoute(path: string): string | null {
  const k = key(path);
  return canonicalByKey.get(k) ?? aliasByKey.get(k) ?? null;
}

/** The module segment of a module screen's path (`/User/Panel/Module/<segment>/…`), as written. */
export function moduleOfPath(path: string): { module: string; rest: string } | null {
  const prefix = `${MODULE_BASE.toLowerCase()}/`;
  if (!path.toLowerCase().startsWith(prefix)) return null;
  const [module = '', ...rest] = path.slice(prefix.length).split('/');
  return module ? { module, rest: rest.join('/') } : null;
}

/** Routes under /User need a session. */
export function needsSession(path: string): boolean {
  return key(path).startsWith('/user');
}
