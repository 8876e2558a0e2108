import type { TFaqEntry, TFaqTab } from '@portal/contract';
import { FAQ_TABS } from '@portal/contract';
import { Accordion, Button, Group, Loader, Paper, Tabs, Text } from '@mantine/core';
import { IconBug, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { asLanguage } from '../../../lib/i18n';
import { useFaq } from '../api/get-faq';

const ICONS: Record<TFaqTab, typeof IconBug> = { bugs: IconBug, shipping: IconTruckDelivery };

/**
 * Spec §2 /help/faq: two tabs, Bugs and Shipping, with collapsible question-and-answer items: the
 * entries the distributor loaded in the user's language; a tab with none in it shows the English ones.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation(['help', 'common']);
  const lang = asLanguage(i18n.resolvedLanguage);
  const own = useFaq(lang);
  const byTab = (entries: TFaqEntry[] | undefined, tab: TFaqTab) => (entries ?? []).filter((e) => e.tab === tab);
  const needsEnglish = lang !== 'en' && own.isSuccess && FAQ_TABS.some((tab) => byTab(own.data.entries, tab).length === 0);
  const english = useFaq('en', needsEnglish);
  const loading = own.isLoading || (needsEnglish && english.isLoading);
  const error = own.error ?? (needsEnglish ? english.error : null);

  const entriesOf = (tab: TFaqTab) => {
    const mine = byTab(own.data?.entries, tab);
    return mine.length || !needsEnglish ? mine : byTab(english.data?.entries, tab);
  };

  return (
    <>
      <PageHeader title={t('faq.title')} />
      <Paper withBorder p="md">
        <Tabs defaultValue="bugs" keepMounted={false}>
          <Tabs.List>
            {FAQ_TABS.map((tab) => {
              const Icon = ICONS[tab];
              return (
                <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} aria-hidden />}>
                  {t(`faq.tabs.${tab}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {FAQ_TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              {loading ? (
                <Group justify="center" p="md" data-testid="help-faq-loading">
                  <Loader size="sm" aria-label={t('faq.loading')} />
                </Group>
              ) : error ? (
                <Group justify="space-between" data-testid="faq-error">
                  <Text size="sm">{t('common:errors.communication')}</Text>
                  <Button size="xs" variant="light" onClick={() => void (own.error ? own.refetch() : english.refetch())}>
                    {t('common:table.retry')}
                  </Button>
                </Group>
              ) : entriesOf(tab).length === 0 ? (
                <Text size="sm" c="dimmed" data-testid={`faq-${tab}-empty`}>
                  {t('faq.empty')}
                </Text>
              ) : (
                <Accordion variant="separated" defaultValue={null} data-testid={`faq-${tab}`}>
                  {entriesOf(tab).map((e) => (
                    <Accordion.Item key={e.ref} value={e.ref}>
                      <Accordion.Control>{e.question}</Accordion.Control>
                      {/* plain text from the distributor: shown as text, its line breaks kept */}
                      <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{e.answer}</Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
