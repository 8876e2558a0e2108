import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailPlus, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import {
  USER_ROLES,
  ZInvitationCreate,
  type TCompanyUser,
  type TInvitation,
  type TInvitationCreate,
  type TUserRole,
} from '@portal/contract';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { confirmDelete } from '../../../components/dialogs';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { applyServerIssues, useFieldMessage } from '../../../lib/field-message';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitations } from '../api/list-invitations';
import { useUsers } from '../api/list-users';
import { useRemoveUser } from '../api/remove-user';
import { useUpdateUser } from '../api/update-user';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

/** The codes of the users' calls that have their own text (company.json `users.errors.*`). */
const OWN_ERRORS = ['LAST_OWNER', 'COMPANY_LOGIN_USER', 'ALREADY_USER'] as const;

/** The text of a failed call of this screen, in the UI language. */
export function useUsersError() {
  const { t } = useTranslation(['company', 'common']);
  return (e: unknown) =>
    e instanceof ApiError && (OWN_ERRORS as readonly string[]).includes(e.code)
      ? t(`users.errors.${e.code}`)
      : t(`common:${errorMessageKey(e)}`);
}

/** /settings/users (issue 58, owners): the company's users, their roles and status, and the invitations. */
export function UsersPage() {
  const { t } = useTranslation(['company', 'common']);
  return (
    <>
      <PageHeader title={t('users.title')} />
      <Stack gap="lg">
        <UsersSection />
        <InviteSection />
        <InvitationsSection />
      </Stack>
    </>
  );
}

function UsersSection() {
  const { t } = useTranslation(['company', 'common']);
  const [paging, setPaging] = usePaging('company.users');
  const { data, isFetching, error, refetch } = useUsers();
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const failed = useUsersError();
  const roleOptions = USER_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }));
  const rows = data?.dataset ?? [];

  const change = async (u: TCompanyUser, change: { role?: TUserRole; status?: 'active' | 'suspended' }) => {
    try {
      await update.mutateAsync({ idx: u.idx, change });
      notifySuccess(t('users.notifications.saved'));
    } catch (e) {
      notifyError(failed(e));
    }
  };
  const onRemove = async (u: TCompanyUser) => {
    if (!(await confirmDelete({ title: t('users.removeTitle', { name: u.name || u.id }), text: t('users.removeText') }))) return;
    try {
      await remove.mutateAsync(u.idx);
      notifySuccess(t('users.notifications.removed'));
    } catch (e) {
      notifyError(failed(e));
    }
  };

  const columns: Column<TCompanyUser>[] = [
    {
      key: 'id',
      header: t('users.fields.id'),
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{u.id}</Text>
          {u.company_login && (
            <Badge size="sm" variant="light" color="gray">
              {t('users.companyLogin')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'name', header: t('users.fields.name') },
    { key: 'email', header: t('users.fields.email') },
    {
      key: 'role',
      header: t('users.fields.role'),
      render: (u) => (
        <Select
          size="xs"
          w={140}
          data={roleOptions}
          value={u.role}
          allowDeselect={false}
          aria-label={t('users.roleOf', { name: u.id })}
          onChange={(v) => v && v !== u.role && void change(u, { role: v as TUserRole })}
          comboboxProps={{ withinPortal: true }}
        />
      ),
    },
    {
      key: 'status',
      header: t('users.fields.status'),
      render: (u) => (
        <Badge variant="light" color={u.status === 'active' ? 'green' : 'orange'}>
          {t(`users.statuses.${u.status}`)}
        </Badge>
      ),
    },
    {
      key: 'last_login_at',
      header: t('users.fields.lastLogin'),
      render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at, currentLanguage()) : t('users.never')),
    },
    {
      key: 'actions',
      header: t('users.fields.actions'),
      print: false,
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          {u.status === 'active' ? (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconPlayerPause size={14} aria-hidden />}
              aria-label={t('users.suspendOne', { name: u.id })}
              onClick={() => void change(u, { status: 'suspended' })}
            >
              {t('users.suspend')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={t('users.reactivateOne', { name: u.id })}
              onClick={() => void change(u, { status: 'active' })}
            >
              {t('users.reactivate')}
            </Button>
          )}
          {!u.company_login && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t('users.removeOne', { name: u.id })}
              onClick={() => void onRemove(u)}
            >
              {t('users.remove')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="users-list-title">
      <Stack>
        <Title order={2} size="h4" id="users-list-title">
          {t('users.listTitle')}
        </Title>
        <DataTable
          caption={t('users.listTitle')}
          columns={columns}
          rows={rows.slice(paging.start, paging.start + paging.length)}
          total={rows.length}
          rowKey={(u) => u.idx}
          paging={paging}
          onPagingChange={setPaging}
          loading={isFetching && !data}
          error={error}
          onRetry={() => void refetch()}
          testId="users-table"
          minWidth={1000}
        />
      </Stack>
    </Paper>
  );
}

const EMPTY: TInvitationCreate = { email: '', name: '', role: 'viewer' };

function InviteSection() {
  const { t } = useTranslation(['company', 'common']);
  const message = useFieldMessage();
  const failed = useUsersError();
  const create = useCreateInvitation();
  const form = useForm<TInvitationCreate>({
    resolver: zodResolver(ZInvitationCreate) as unknown as Resolver<TInvitationCreate>,
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ ...values, language: currentLanguage() as TInvitationCreate['language'] });
      notifySuccess(t('users.notifications.invited', { email: values.email }));
      form.reset(EMPTY);
    } catch (e) {
      if (!applyServerIssues(e, form.setError)) notifyError(failed(e));
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="users-invite-title">
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="invite-form">
        <Stack>
          <div>
            <Title order={2} size="h4" id="users-invite-title">
              {t('users.inviteTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('users.inviteIntro')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('users.fields.email')}
              type="email"
              withAsterisk
              autoComplete="off"
              error={message(errors.email?.message, t('users.fields.email'))}
              {...form.register('email')}
            />
            <TextInput
              label={t('users.fields.name')}
              autoComplete="off"
              error={message(errors.name?.message, t('users.fields.name'))}
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label={t('users.fields.role')}
                  data={USER_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
                  allowDeselect={false}
                  withAsterisk
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} leftSection={<IconMailPlus size={16} aria-hidden />}>
              {t('users.inviteSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function InvitationsSection() {
  const { t } = useTranslation(['company', 'common']);
  const [paging, setPaging] = usePaging('company.invitations');
  const { data, isFetching, error, refetch } = useInvitations();
  const withdraw = useWithdrawInvitation();
  const failed = useUsersError();
  const rows = data?.dataset ?? [];
  const onWithdraw = async (i: TInvitation) => {
    try {
      await withdraw.mutateAsync(i.idx);
      notifySuccess(t('users.notifications.withdrawn'));
    } catch (e) {
      notifyError(failed(e));
    }
  };
  const columns: Column<TInvitation>[] = [
    { key: 'email', header: t('users.fields.email') },
    { key: 'name', header: t('users.fields.name') },
    { key: 'role', header: t('users.fields.role'), render: (i) => t(`common:roles.${i.role}`) },
    { key: 'expires_at', header: t('users.fields.expires'), render: (i) => formatDateTime(i.expires_at, currentLanguage()) },
    {
      key: 'withdraw',
      header: t('users.fields.actions'),
      print: false,
      render: (i) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          aria-label={t('users.withdrawOne', { email: i.email })}
          onClick={() => void onWithdraw(i)}
        >
          {t('users.withdraw')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="users-invitations-title">
      <Stack>
        <Title order={2} size="h4" id="users-invitations-title">
          {t('users.invitationsTitle')}
        </Title>
        {data && rows.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('users.noInvitations')}
          </Alert>
        ) : (
          <DataTable
            caption={t('users.invitationsTitle')}
            columns={columns}
            rows={rows.slice(paging.start, paging.start + paging.length)}
            total={rows.length}
            rowKey={(i) => i.idx}
            paging={paging}
            onPagingChange={setPaging}
            loading={isFetching && !data}
            error={error}
            onRetry={() => void refetch()}
            testId="invitations-table"
            minWidth={700}
          />
        )}
      </Stack>
    </Paper>
  );
}
