import { ActionIcon, AppShell, Burger, Group, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { mayOpen } from '../../lib/role-access';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { queryClient } from '../query-client';
import { loginInfoQuery, useLoginInfo } from '../../features/auth/api/login-info';
import { LanguageMenu } from './language-menu';
import { PasswordChangeGate } from './password-change-gate';
import { TwoStepSetupGate } from './two-step-setup-gate';
import { SessionWarning } from './session-warning';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** Route meta (spec §1): a route may hide the content or the footer. */
export interface RouteMeta {
  hideContent?: boolean;
  hideFooter?: boolean;
}

export { queryClient };

/** The layout's own first call (the company name and flags), started by the routes with the screen's (router.tsx). */
export const prefetchLayout = () => queryClient.prefetchQuery(loginInfoQuery());

export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Shell />
      </ModalsProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { data: me } = useLoginInfo();
  const [mobileOpened, mobile] = useDisclosure(false);
  // Both read in the first render (the app is rendered in the browser only): read in an effect, as
  // Mantine does by default for server rendering, they changed state once mounted and React rendered
  // the whole layout a second time inside the commit of the first screen (issue 17).
  const [minimised, setMinimised] = useLocalStorage({
    key: 'portal.sidebarMinimised',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const isMobile = usePhoneWidth();
  // On a phone the sidebar is a drawer, closed at first: its menu (a quarter of the layout's elements)
  // is rendered when the drawer is first opened, not in the commit of the first screen (issue 17).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (mobileOpened && !drawerUsed) setDrawerUsed(true);
  const meta = Object.assign({}, ...useMatches().map((m) => (m.handle ?? {}) as RouteMeta)) as RouteMeta;
  const title = me?.company_name ?? t('app.title');
  // (issue 58) the user's role: the menus show what it may use, and a screen it may not open says so
  const role = me?.user?.role;
  const { pathname } = useLocation();
  const narrow = minimised && !isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: narrow ? 76 : 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      footer={meta.hideFooter ? undefined : { height: 44 }}
      padding="md"
    >
      <a href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleNav')}
              aria-expanded={mobileOpened}
              data-testid="nav-burger"
            />
            {/* the sidebar is a drawer on a phone (the burger opens it): the toggle and its tooltip are not
                mounted there, where they were hidden by CSS but set up in the first screen's commit (issue 17);
                visibleFrom still hides it in the frame prerendered at build time, which knows no width */}
            {!isMobile && (
              <Tooltip label={minimised ? t('nav.open') : t('nav.minimise')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  visibleFrom="sm"
                  onClick={() => setMinimised(!minimised)}
                  aria-label={minimised ? t('nav.open') : t('nav.minimise')}
                  aria-pressed={minimised}
                  data-testid="sidebar-toggle"
                >
                  {minimised ? <IconLayoutSidebarLeftExpand aria-hidden /> : <IconLayoutSidebarLeftCollapse aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
            {/* the portal's name on every width (a phone too): it is the way home */}
            <Text
              component={Link}
              to="/dashboard"
              fw={700}
              fz={{ base: 15, sm: 'lg' }}
              c="blue.8"
              style={{ textDecoration: 'none' }}
              truncate="end"
            >
              {t('app.title')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <UserMenu title={title} role={role} user={me?.user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar data-testid="sidebar">
        {(!isMobile || drawerUsed) && <Sidebar title={title} minimised={narrow} onNavigate={mobile.close} role={role} />}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <PasswordChangeGate>
          <TwoStepSetupGate>
            {meta.hideContent ? null : !mayOpen(role, pathname) ? (
              <Title order={1} size="h3" data-testid="no-permission">
                {t('errors.noPermission')}
              </Title>
            ) : (
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            )}
          </TwoStepSetupGate>
        </PasswordChangeGate>
      </AppShell.Main>
      {!meta.hideFooter && (
        <AppShell.Footer px="md">
          <Group h="100%" justify="center" gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('app.footer', { year: new Date().getFullYear() })}
            </Text>
            {/* one line on a phone in every language: the tagline only where it fits */}
            <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              · {t('app.tagline')}
            </Text>
          </Group>
        </AppShell.Footer>
      )}
      <SessionWarning />
    </AppShell>
  );
}
