import { Tabs } from '@mantine/core';
import { IconCash, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { InvoicesTab } from './invoices-tab';
import { PaymentsTab } from './payments-tab';

/** /calculate/sale (spec §2): invoices sent and payment complete. The tab is kept in the URL. */
export function SalePage() {
  const { t } = useTranslation(['settlement', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'payments' ? 'payments' : 'invoices';
  return (
    <>
      <PageHeader title={t('title')} />
      <Tabs value={tab} onChange={(v) => setParams(v === 'payments' ? { tab: 'payments' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} aria-hidden />}>
            {t('tabs.invoices')}
          </Tabs.Tab>
          <Tabs.Tab value="payments" leftSection={<IconCash size={16} aria-hidden />}>
            {t('tabs.payments')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
