import { ActionIcon, Badge, Group, Paper, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { TCompanyAddress } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';
import { DataTable, usePaging, useRowSelection, type Column } from '../../../components/data-table';
import { confirmDelete, namedDeleteTitle, namedList, requireSelection } from '../../../components/dialogs';
import { errorMessageKey } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteAddresses } from '../api/delete-addresses';
import { useAddresses } from '../api/list-addresses';
import { AddressModal } from './address-modal';
import { useCountryOptions } from './country-select';

const addressKey = (a: TCompanyAddress) => a.customer_address_idx;

/** The company's addresses: list with add, edit and delete (spec §2 address modal). */
export function AddressSection() {
  const { t } = useTranslation(['company', 'common']);
  const [paging, setPaging] = usePaging('company.addresses');
  const { data, isFetching, error, refetch } = useAddresses(paging);
  const selection = useRowSelection(data?.dataset ?? [], addressKey);
  const [editing, setEditing] = useState<{ idx?: number } | null>(null);
  const remove = useDeleteAddresses();
  const countries = useCountryOptions();
  const countryName = (code: string) => countries.find((c) => c.value === code)?.label ?? code;

  const onDelete = async () => {
    if (!requireSelection(selection.selected, t('objects.address'))) return;
    const rows = selection.selectedRows;
    const byDefault = rows.filter((a) => a.default_yn === 'Y');
    const confirmed = await confirmDelete({
      title: namedDeleteTitle(
        { one: 'company:addresses.deleteOne', many: 'company:addresses.deleteMany' },
        rows.map((a) => a.address_name),
      ),
      warning: byDefault.length > 0 ? t('addresses.deleteDefault', { name: namedList(byDefault.map((a) => a.address_name)) }) : undefined,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(selection.selected);
      selection.clear();
      notifySuccess(t('common:messages.deleted'));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    }
  };

  const columns: Column<TCompanyAddress>[] = [
    {
      key: 'address_name',
      header: t('fields.address_name'),
      render: (a) => (
        <Group gap={6} wrap="nowrap">
          {a.address_name}
          {a.default_yn === 'Y' && (
            <Badge size="sm" variant="light">
              {t('addresses.default')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'country', header: t('fields.country'), render: (a) => countryName(a.country) },
    { key: 'zipcode', header: t('fields.zipcode'), render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{a.zipcode}</span> },
    {
      key: 'address',
      header: t('addresses.address'),
      render: (a) => [a.addressLine1, a.addressLine2, a.city, a.state].filter(Boolean).join(', '),
    },
    { key: 'telephone', header: t('fields.telephone'), render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{a.telephone}</span> },
    {
      key: 'edit',
      header: t('common:actions.edit'),
      align: 'center',
      width: 70,
      render: (a) => (
        <ActionIcon
          variant="subtle"
          aria-label={t('addresses.editOne', { name: a.address_name })}
          onClick={() => setEditing({ idx: a.customer_address_idx })}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="company-addresses-title">
      <Stack>
        <SectionHeader
          id="company-addresses-title"
          title={t('sections.addresses')}
          addLabel={t('addresses.add')}
          deleteLabel={t('addresses.delete')}
          onAdd={() => setEditing({})}
          onDelete={() => void onDelete()}
          deleting={remove.isPending}
          testIdPrefix="address"
        />
        <DataTable
          caption={t('sections.addresses')}
          columns={columns}
          rows={data?.dataset ?? []}
          total={data?.total_cnt ?? 0}
          rowKey={(a) => a.customer_address_idx}
          paging={paging}
          onPagingChange={setPaging}
          loading={isFetching && !data}
          error={error}
          onRetry={() => void refetch()}
          selection={{ selected: selection.selected, onChange: selection.onChange }}
          testId="address-table"
        />
      </Stack>
      <AddressModal opened={!!editing} idx={editing?.idx} onClose={() => setEditing(null)} />
    </Paper>
  );
}
