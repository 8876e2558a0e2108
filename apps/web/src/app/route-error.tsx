import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a lazily loaded screen part fails to load (spec §8: after 120 s) or a route throws. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Center p="xl">
      <Alert color="red" role="alert" title={t('app.loadError')} data-testid="route-error">
        <Button mt="sm" variant="light" onClick={() => window.location.reload()}>
          {t('app.retry')}
        </Button>
      </Alert>
    </Center>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center p="xl">
      <Stack align="center">
        <Title order={1} size="h2">
          {t('app.notFound')}
        </Title>
        <Text c="dimmed">{t('app.notFoundText')}</Text>
        <Button component={Link} to="/dashboard" variant="light">
          {t('app.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
