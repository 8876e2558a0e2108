import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useLoginInfo } from '../../auth/api/login-info';
import { useCompanyInfo } from '../api/get-info';
import { AddressSection } from './address-section';
import { ContactSection } from './contact-section';
import { NotificationSection } from './notification-section';
import { PasswordModal } from './password-modal';
import { ProfileForm } from './profile-form';
import { TwoStepSection } from './two-step-section';

/** /settings/companyEdit (spec §2): profile, password change, addresses and contact persons. */
export function CompanyEditPage() {
  const { t } = useTranslation(['company', 'common']);
  const { data: me } = useLoginInfo();
  const info = useCompanyInfo(me?.idx);
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <>
      <PageHeader title={t('title')}>
        <Button variant="light" leftSection={<IconLock size={16} aria-hidden />} onClick={() => setPasswordOpen(true)} disabled={!me}>
          {t('actions.changePassword')}
        </Button>
      </PageHeader>
      <Stack gap="lg">
        {info.isError && (
          <Alert color="red" role="alert">
            {t('common:errors.communication')}
          </Alert>
        )}
        {info.data ? (
          <ProfileForm key={info.data.idx} info={info.data} />
        ) : (
          !info.isError && (
            <Group justify="center" p="xl">
              <Loader aria-label={t('common:app.loading')} />
            </Group>
          )
        )}
        <AddressSection />
        <ContactSection />
        <NotificationSection />
        <TwoStepSection />
      </Stack>
      {me && <PasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} companyId={me.id} />}
    </>
  );
}
