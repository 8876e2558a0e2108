import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/language-select';
import { PageLoader } from '../../../components/page-loader';
import { notifySuccess } from '../../../lib/notify';
import { operatorSession } from '../operator-session';
import { adminQueryClient } from '../query-client';
import { logoutOperator } from '../api/operators';

const NAV = [
  { to: '/admin/imports', key: 'nav.imports' },
  { to: '/admin/companies', key: 'nav.companies' },
  { to: '/admin/audit', key: 'nav.audit' },
  { to: '/admin/mails', key: 'nav.mails' },
  { to: '/admin/operators', key: 'nav.operators' },
] as const;

const useOperatorLoggedIn = () => useSyncExternalStore(operatorSession.subscribe, () => operatorSession.isValid());

/**
 * The console's layout (issue 15): a plain header with the area's name, its three screens, the
 * language and log out. Its own query cache and modals; the company app's layout is never loaded here.
 */
export function AdminLayout() {
  const { t } = useTranslation(['admin', 'common']);
  const loggedIn = useOperatorLoggedIn();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onLogin = pathname === '/admin/login';
  // a log out here goes to the login page itself, not as an ended session
  const loggingOut = useRef(false);

  // the session ended elsewhere (a 401, another tab, expiry): back to the console's login, keeping the place
  useEffect(() => {
    if (onLogin) loggingOut.current = false;
    else if (!loggedIn && !loggingOut.current)
      void navigate(`/admin/login?redirect=${encodeURIComponent(pathname + search)}&expired=1`, { replace: true });
  }, [loggedIn, onLogin, navigate, pathname, search]);

  const logout = () => {
    loggingOut.current = true;
    // (issue 56) the server ends the session, so the token is refused even if a copy of it survives; the
    // browser forgets it whatever the answer (an expired token answers 401, the network may be away)
    void logoutOperator().catch(() => undefined);
    operatorSession.clear();
    notifySuccess(t('nav.loggedOut'));
    void navigate('/admin/login', { replace: true });
  };

  return (
    <QueryClientProvider client={adminQueryClient}>
      <ModalsProvider>
        <a href="#admin-main" className="skip-link">
          {t('common:app.skipToContent')}
        </a>
        <Box component="header" bg="dark.7" c="white" px="md" py="xs">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="lg" wrap="wrap">
              <Text fw={700} data-testid="admin-area">
                {t('area')}
              </Text>
              {loggedIn && !onLogin && (
                <nav aria-label={t('nav.label')}>
                  <Group gap="xs" wrap="wrap">
                    {NAV.map((item) => (
                      <Anchor
                        key={item.to}
                        component={NavLink}
                        to={item.to}
                        c="white"
                        px="xs"
                        py={4}
                        style={({ isActive }: { isActive: boolean }) => ({
                          borderBottom: `2px solid ${isActive ? 'white' : 'transparent'}`,
                          textDecoration: 'none',
                        })}
                      >
                        {t(item.key)}
                      </Anchor>
                    ))}
                  </Group>
                </nav>
              )}
            </Group>
            <Group gap="xs">
              <LanguageSelect size="xs" w={140} testId="admin-language" />
              {loggedIn && !onLogin && (
                <Button variant="white" color="dark" size="xs" leftSection={<IconLogout size={14} aria-hidden />} onClick={logout}>
                  {t('nav.logout')}
                </Button>
              )}
            </Group>
          </Group>
        </Box>
        <Container component="main" id="admin-main" tabIndex={-1} size="xl" py="md">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </ModalsProvider>
    </QueryClientProvider>
  );
}
