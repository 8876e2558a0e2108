import {
  IconBook,
  IconBuilding,
  IconCash,
  IconCoin,
  IconFileSpreadsheet,
  IconFiles,
  IconHelp,
  IconLayoutDashboard,
  IconLibrary,
  IconMessageQuestion,
  IconNews,
  IconQuestionMark,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { TUserRole } from '@portal/contract/access';
import type { ComponentType } from 'react';
import { mayOpen } from '../../lib/role-access';

export interface NavItem {
  /** i18n key in common.json */
  label: string;
  to?: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  children?: NavItem[];
}

/** Spec §2 sidebar: dashboard, company settings, sale settlement, copyright books, royalty, help. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'nav.dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  {
    label: 'nav.companySettings',
    icon: IconSettings,
    children: [
      { label: 'nav.companyEdit', to: '/settings/companyEdit', icon: IconBuilding },
      { label: 'nav.account', to: '/settings/account', icon: IconUserCircle },
      { label: 'nav.excelUpload', to: '/settings/excelUpload', icon: IconFileSpreadsheet },
      { label: 'nav.booksList', to: '/products/booksList', icon: IconLibrary },
      { label: 'nav.users', to: '/settings/users', icon: IconUsers },
    ],
  },
  { label: 'nav.settlement', to: '/calculate/sale', icon: IconCash },
  { label: 'nav.copyrightBooks', to: '/copyright/books', icon: IconBook },
  { label: 'nav.royalty', to: '/copyright/royalty', icon: IconCoin },
  {
    label: 'nav.help',
    icon: IconHelp,
    children: [
      { label: 'nav.faq', to: '/help/faq', icon: IconQuestionMark },
      { label: 'nav.notice', to: '/help/bbs/notice', icon: IconNews },
      { label: 'nav.qna', to: '/help/bbs/qna', icon: IconMessageQuestion },
      { label: 'nav.files', to: '/help/files', icon: IconFiles },
    ],
  },
];

/** (issue 58) The sidebar of a role: the screens it may open, and the groups that keep one of them. */
export function navItemsFor(role: TUserRole | undefined, items: NavItem[] = NAV_ITEMS): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return !item.to || mayOpen(role, item.to) ? [item] : [];
    const children = navItemsFor(role, item.children);
    return children.length ? [{ ...item, children }] : [];
  });
}
