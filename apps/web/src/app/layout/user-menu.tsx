import { Avatar, Button, Menu, Text } from '@mantine/core';
import type { TLoginUser } from '@portal/contract';
import type { TUserRole } from '@portal/contract/access';
import { IconBuilding, IconChevronDown, IconLogout, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { cut } from '../../lib/format';
import { mayOpen } from '../../lib/role-access';
import { DeferredMenu } from './deferred-menu';

/**
 * Spec §2/§9: the user menu, its title (the company) cut to 10 characters; (issue 58) who is logged in and with which
 * role, my account, company edit (owners) and logout.
 */
export function UserMenu({ title, role, user }: { title: string; role?: TUserRole; user?: TLoginUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      target={
        <Button
          variant="subtle"
          px={{ base: 6, sm: 'md' }}
          color="gray"
          leftSection={
            <Avatar size="sm" color="blue" radius="xl">
              {Array.from(title)[0] ?? '?'}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${t('topbar.userMenu')}: ${title}`}
          data-testid="user-menu"
        >
          <Text span visibleFrom="sm" inherit>
            {cut(title, 10)}
          </Text>
        </Button>
      }
    >
      {user && (
        <Menu.Label data-testid="user-menu-user">
          {user.name || user.id} · {t(`roles.${user.role}`)}
        </Menu.Label>
      )}
      {mayOpen(role, '/settings/companyEdit') && (
        <Menu.Item component={Link} to="/settings/companyEdit" leftSection={<IconBuilding size={16} aria-hidden />}>
          {t('nav.companyEdit')}
        </Menu.Item>
      )}
      <Menu.Item component={Link} to="/settings/account" leftSection={<IconUserCircle size={16} aria-hidden />}>
        {t('nav.account')}
      </Menu.Item>
      {mayOpen(role, '/settings/users') && (
        <Menu.Item component={Link} to="/settings/users" leftSection={<IconUsers size={16} aria-hidden />}>
          {t('nav.users')}
        </Menu.Item>
      )}
      <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
        {t('topbar.logout')}
      </Menu.Item>
    </DeferredMenu>
  );
}
