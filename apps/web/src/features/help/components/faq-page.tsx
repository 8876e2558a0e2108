import { Accordion, Paper, Tabs } from '@mantine/core';
import { IconBug, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

const TABS = ['bugs', 'shipping'] as const;
const ITEMS = ['q1', 'q2', 'q3', 'q4'] as const;

/** Spec §2 /help/faq: two tabs, Bugs and Shipping, with collapsible question-and-answer items. */
export function FaqPage() {
  const { t } = useTranslation(['help', 'common']);
  return (
    <>
      <PageHeader title={t('faq.title')} />
      <Paper withBorder p="md">
        <Tabs defaultValue="bugs" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="bugs" leftSection={<IconBug size={16} aria-hidden />}>
              {t('faq.tabs.bugs')}
            </Tabs.Tab>
            <Tabs.Tab value="shipping" leftSection={<IconTruckDelivery size={16} aria-hidden />}>
              {t('faq.tabs.shipping')}
            </Tabs.Tab>
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <Accordion variant="separated" defaultValue={null} data-testid={`faq-${tab}`}>
                {ITEMS.map((q) => (
                  <Accordion.Item key={q} value={q}>
                    <Accordion.Control>{t(`faq.${tab}.${q}.question`)}</Accordion.Control>
                    <Accordion.Panel>{t(`faq.${tab}.${q}.answer`)}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
