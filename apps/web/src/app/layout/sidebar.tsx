import { Collapse, NavLink as MantineNavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { TUserRole } from '@portal/contract/access';
import { navItemsFor, type NavItem } from './nav-items';
import classes from './sidebar.module.css';

interface Props {
  title: string;
  /** icons only (desktop, minimised) */
  minimised: boolean;
  onNavigate?: () => void;
  /** (issue 58) the user's role: the menu shows what it may open (all while unknown) */
  role?: TUserRole;
}

/** Spec §2 sidebar, titled with the company name; minimised it shows icons with tooltips. */
export function Sidebar({ title, minimised, onNavigate, role }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = (to?: string) => !!to && (pathname === to || pathname.startsWith(`${to}/`));
  const items = navItemsFor(role);

  if (minimised) {
    const flat = items.flatMap((i) => (i.children ? i.children : [i]));
    return (
      <nav aria-label={t('nav.menu')}>
        <Stack gap={4} align="center" py="sm">
          {flat.map((item) => (
            <Tooltip key={item.to} label={t(item.label)} position="right" withArrow>
              <UnstyledButton
                component={NavLink}
                to={item.to!}
                onClick={onNavigate}
                aria-label={t(item.label)}
                className={classes.iconLink}
                data-active={isActive(item.to) || undefined}
              >
                <item.icon size={20} aria-hidden />
              </UnstyledButton>
            </Tooltip>
          ))}
        </Stack>
      </nav>
    );
  }

  const renderItem = (item: NavItem) =>
    item.children ? (
      <NavGroup key={item.label} item={item} label={t(item.label)} active={item.children.some((c) => isActive(c.to))}>
        {item.children.map(renderItem)}
      </NavGroup>
    ) : (
      <MantineNavLink
        key={item.to}
        component={NavLink}
        to={item.to!}
        onClick={onNavigate}
        label={t(item.label)}
        leftSection={<item.icon size={18} aria-hidden />}
        active={isActive(item.to)}
      />
    );

  return (
    <nav aria-label={t('nav.menu')} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Text fw={700} px="md" py="sm" truncate="end" title={title} data-testid="sidebar-title">
        {title}
      </Text>
      <ScrollArea style={{ flex: 1 }}>{items.map(renderItem)}</ScrollArea>
    </nav>
  );
}

/**
 * A sidebar group (Company settings, Help): a real <button> in the tab order that Enter and Space
 * toggle, telling assistive technology whether its links are shown (aria-expanded) and where they
 * are (aria-controls). Mantine's NavLink with children is an <a> without href: not focusable.
 * It opens by itself whenever the current page enters it.
 */
function NavGroup({ item, label, active, children }: { item: NavItem; label: string; active: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = useState(active);
  // the current page came into this group without a click here (back/forward, a link in a page):
  // open it to show where the user is; leaving the group or a later toggle is left to the user
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpened(true);
  }
  const id = useId();
  return (
    <>
      <MantineNavLink
        component="button"
        type="button"
        label={label}
        leftSection={<item.icon size={18} aria-hidden />}
        rightSection={
          <IconChevronRight
            size={14}
            aria-hidden
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 200ms ease' }}
          />
        }
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((o) => !o)}
        data-testid={`nav-group-${item.label.replace(/^nav\./, '')}`}
      />
      <Collapse expanded={opened} keepMountedMode="display-none" id={id} pl={28} role="group" aria-label={label}>
        {children}
      </Collapse>
    </>
  );
}
