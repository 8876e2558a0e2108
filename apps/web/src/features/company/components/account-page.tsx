import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useLoginInfo } from '../../auth/api/login-info';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';

/**
 * (issue 58) /settings/account: the logged-in user's own account, for every role: who it is (id, name, role, company)
 * its 2-step login (an owner also requires it of every user) and its sessions.
 */
export function AccountPage() {
  const { t } = useTranslation(['company', 'common']);
  const { data: me } = useLoginInfo();
  const field = (label: string, value: string | undefined, testId: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value ?? '—'}
      </Text>
    </div>
  );
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-user">
          <Title order={2} size="h4" id="account-user" mb="sm">
            {t('account.user')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field(t('account.loginId'), me?.user?.id, 'account-login-id')}
            {field(t('account.name'), me?.user?.name || undefined, 'account-name')}
            {field(t('account.role'), me?.user ? t(`common:roles.${me.user.role}`) : undefined, 'account-role')}
            {field(t('account.company'), me?.company_name, 'account-company')}
          </SimpleGrid>
        </Paper>
        <TwoStepSection />
        <SessionsSection />
      </Stack>
    </>
  );
}
