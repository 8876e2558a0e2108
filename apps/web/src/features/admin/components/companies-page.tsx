import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ADMIN_COMPANY_SORT_DEFAULT, ADMIN_COMPANY_SORTS, type TAdminCompany } from '@portal/contract';
import { IconEdit, IconKey, IconPlayerPause, IconPlayerPlay, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, useSort, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePhoneWidth } from '../../../lib/use-phone-width';
import { useAdminCompanies, useSetActive } from '../api/companies';
import { CreateCompanyModal, EditCompanyModal, ResetPasswordModal } from './company-forms';

/** The companies (issue 15): search, page, create, edit (issue 59), set a password, deactivate and reactivate. */
export function CompaniesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [paging, setPaging] = usePaging('admin.companies');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const order = useSort('admin.companies', ADMIN_COMPANY_SORTS, ADMIN_COMPANY_SORT_DEFAULT, { paging, setPaging });
  const list = useAdminCompanies(search, paging, order.sort);
  const setActive = useSetActive();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const narrow = usePhoneWidth();

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPaging({ ...paging, start: 0 });
  };

  const toggle = (c: TAdminCompany) => {
    const active = !c.active;
    modals.openConfirmModal({
      title: t(active ? 'companies.reactivateTitle' : 'companies.deactivateTitle', { id: c.id }),
      children: <Text size="sm">{t(active ? 'companies.reactivateText' : 'companies.deactivateText')}</Text>,
      labels: { confirm: t('common:actions.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: active ? undefined : 'red', 'data-testid': 'confirm-active' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      centered: true,
      onConfirm: () =>
        setActive.mutate(
          { id: c.id, active },
          {
            onSuccess: () => notifySuccess(t(active ? 'companies.reactivated' : 'companies.deactivated', { id: c.id })),
            onError: (e) => notifyError(t(`common:${errorMessageKey(e)}`)),
          },
        ),
    });
  };

  /** The company's state and what it still has to do, as badges. */
  const statusOf = (c: TAdminCompany) => (
    <Group gap={4}>
      <Badge color={c.active ? 'green' : 'gray'} variant="light" data-testid="company-status">
        {t(c.active ? 'companies.active' : 'companies.inactive')}
      </Badge>
      {c.must_change_password && (
        <Badge color="orange" variant="light">
          {t('companies.mustChange')}
        </Badge>
      )}
      {!c.has_password && (
        <Badge color="orange" variant="light">
          {t('companies.noPassword')}
        </Badge>
      )}
    </Group>
  );
  const actionsColumn: Column<TAdminCompany> = {
    key: 'actions',
    header: t('companies.actions'),
    print: false,
    render: (c) => (
      <ActionsLayout stacked={narrow}>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconEdit size={12} aria-hidden />}
          onClick={() => setEditing(c.id)}
          aria-label={t('companies.edit', { id: c.id })}
          data-testid="company-edit"
        >
          {t('companies.editAction')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconKey size={12} aria-hidden />}
          onClick={() => setResetting(c.id)}
          aria-label={t('companies.resetPassword', { id: c.id })}
        >
          {t('companies.passwordAction')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          color={c.active ? 'red' : 'green'}
          leftSection={c.active ? <IconPlayerPause size={12} aria-hidden /> : <IconPlayerPlay size={12} aria-hidden />}
          onClick={() => toggle(c)}
          aria-label={t(c.active ? 'companies.deactivate' : 'companies.reactivate', { id: c.id })}
          data-testid={c.active ? 'company-deactivate' : 'company-reactivate'}
        >
          {t(c.active ? 'companies.deactivateAction' : 'companies.reactivateAction')}
        </Button>
      </ActionsLayout>
    ),
  };
  const all: Column<TAdminCompany>[] = [
    { key: 'id', header: t('companies.id'), sortKey: 'id' },
    { key: 'company_name', header: t('companies.name'), sortKey: 'company_name' },
    { key: 'country', header: t('companies.country').replace(/\s*\(.*\)$/, '') },
    { key: 'code_company_division', header: t('companies.division') },
    { key: 'email', header: t('companies.email') },
    { key: 'status', header: t('companies.status'), render: (c) => statusOf(c) },
    {
      key: 'created_at',
      header: t('companies.createdAt'),
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (c) => formatDate(c.created_at),
    },
    actionsColumn,
  ];
  // at phone width the login ID carries the name and the status under it, the other details stay for the wide
  // table, and the actions are stacked: the row fits the screen instead of its actions sitting off its right edge
  const columns = narrow
    ? [
        {
          key: 'id',
          header: t('companies.id'),
          sortKey: 'id',
          render: (c: TAdminCompany) => (
            <Stack gap={4} align="flex-start">
              <Text size="sm">{c.id}</Text>
              <Text size="xs" c="dimmed">
                {c.company_name}
              </Text>
              {statusOf(c)}
            </Stack>
          ),
        },
        actionsColumn,
      ]
    : all;

  return (
    <Stack>
      <PageHeader title={t('companies.title')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="company-create">
          {t('companies.create')}
        </Button>
      </PageHeader>
      <form onSubmit={onSearch} role="search">
        <Group align="flex-end">
          <TextInput
            label={t('companies.search')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            w={320}
            data-testid="company-search"
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('common:actions.search')}
          </Button>
        </Group>
      </form>
      <DataTable
        columns={columns}
        rows={list.data?.dataset ?? []}
        total={list.data?.total_cnt ?? 0}
        rowKey={(c) => c.idx}
        paging={paging}
        onPagingChange={setPaging}
        sort={order.sort}
        onSortChange={order.onSortChange}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        caption={t('companies.caption')}
        testId="companies-table"
        minWidth={narrow ? 0 : undefined}
      />
      <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal companyId={resetting} onClose={() => setResetting(null)} />
      <EditCompanyModal companyId={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** A row's buttons side by side, or stacked (at phone width). */
function ActionsLayout({ stacked, children }: { stacked: boolean; children: ReactNode }) {
  return stacked ? (
    <Stack gap={4} align="stretch">
      {children}
    </Stack>
  ) : (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}
