import { roleMay, type TAccessArea, type TAccessMode, type TUserRole } from '@portal/contract/access';

/**
 * (issue 58) What a screen of the app's layout needs of the user's role, by path (the screen's or its group's): the
 * area and access of the calls it exists for (contract access.ts ROLE_TABLE, which the server enforces). The company
 * edit screen is for changes (owner); the upload screen writes books (owner, editorial).
 */
const SCREEN_ACCESS: readonly { path: string; area: TAccessArea; mode: TAccessMode }[] = [
  { path: '/dashboard', area: 'dashboard', mode: 'read' },
  { path: '/settings/companyEdit', area: 'profile', mode: 'write' },
  { path: '/settings/account', area: 'session', mode: 'read' },
  { path: '/settings/excelUpload', area: 'product', mode: 'write' },
  { path: '/settings/users', area: 'users', mode: 'read' },
  { path: '/products', area: 'product', mode: 'read' },
  { path: '/calculate', area: 'settlement', mode: 'read' },
  { path: '/copyright', area: 'copyright', mode: 'read' },
  { path: '/help', area: 'help', mode: 'read' },
];

/** Whether the role may open the screen at `pathname`; an unknown role (login info not loaded yet) or path: yes. */
export function mayOpen(role: TUserRole | undefined, pathname: string): boolean {
  if (!role) return true;
  const screen = SCREEN_ACCESS.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  return !screen || roleMay(role, screen.area, screen.mode);
}

/**
 * Whether the role may read or write in an area (buttons). An unknown role (the layout loads the login info before
 * the first screen, so only for a moment): yes, as the menus; the server refuses the call anyway.
 */
export const mayUse = (role: TUserRole | undefined, area: TAccessArea, mode: TAccessMode) => !role || roleMay(role, area, mode);
