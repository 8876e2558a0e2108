import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { ZContactPersonBody, type TContactPerson, type TContactPersonInput } from '@portal/contract';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';
import { DataTable, usePaging, useRowSelection, type Column } from '../../../components/data-table';
import { confirmDelete, namedDeleteTitle, requireSelection } from '../../../components/dialogs';
import { errorMessageKey } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteContacts } from '../api/delete-contacts';
import { useContacts } from '../api/list-contacts';
import { useSaveContact } from '../api/save-contact';
import { applyServerIssues, useFieldMessage } from '../../../lib/field-message';

type ContactValues = Omit<TContactPerson, 'contact_person_idx' | 'company_idx'>;
const EMPTY: ContactValues = { name: '', department: '', position: '', email: '', telephone: '', mobile: '' };
const FIELDS = [
  ['name', true, 'text'],
  ['department', false, 'text'],
  ['position', false, 'text'],
  ['email', true, 'email'],
  ['telephone', false, 'tel'],
  ['mobile', false, 'tel'],
] as const;

const contactKey = (c: TContactPerson) => c.contact_person_idx;

/** The company's contact persons: list with add, edit and delete (spec §2 contact-person modal). */
export function ContactSection() {
  const { t } = useTranslation(['company', 'common']);
  const [paging, setPaging] = usePaging('company.contacts');
  const { data, isFetching, error, refetch } = useContacts(paging);
  const selection = useRowSelection(data?.dataset ?? [], contactKey);
  const [editing, setEditing] = useState<TContactPerson | 'new' | null>(null);
  const remove = useDeleteContacts();

  const onDelete = async () => {
    if (!requireSelection(selection.selected, t('objects.contact'))) return;
    const title = namedDeleteTitle(
      { one: 'company:contacts.deleteOne', many: 'company:contacts.deleteMany' },
      selection.selectedRows.map((c) => c.name),
    );
    if (!(await confirmDelete({ title }))) return;
    try {
      await remove.mutateAsync(selection.selected);
      selection.clear();
      notifySuccess(t('common:messages.deleted'));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    }
  };

  const columns: Column<TContactPerson>[] = [
    ...FIELDS.map(([name]) => ({ key: name, header: t(`fields.${name === 'email' ? 'contactEmail' : name}`) })),
    {
      key: 'edit',
      header: t('common:actions.edit'),
      align: 'center' as const,
      width: 70,
      render: (c: TContactPerson) => (
        <ActionIcon variant="subtle" aria-label={t('contacts.editOne', { name: c.name })} onClick={() => setEditing(c)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="company-contacts-title">
      <Stack>
        <SectionHeader
          id="company-contacts-title"
          title={t('sections.contacts')}
          addLabel={t('contacts.add')}
          deleteLabel={t('contacts.delete')}
          onAdd={() => setEditing('new')}
          onDelete={() => void onDelete()}
          deleting={remove.isPending}
          testIdPrefix="contact"
        />
        <DataTable
          caption={t('sections.contacts')}
          columns={columns}
          rows={data?.dataset ?? []}
          total={data?.total_cnt ?? 0}
          rowKey={(c) => c.contact_person_idx}
          paging={paging}
          onPagingChange={setPaging}
          loading={isFetching && !data}
          error={error}
          onRetry={() => void refetch()}
          selection={{ selected: selection.selected, onChange: selection.onChange }}
          testId="contact-table"
        />
      </Stack>
      <Modal
        opened={!!editing}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('contacts.addTitle') : t('contacts.editTitle')}
        size="lg"
        centered
      >
        {editing && (
          <ContactForm
            key={editing === 'new' ? 'new' : editing.contact_person_idx}
            contact={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}

function ContactForm({ contact, onDone }: { contact?: TContactPerson; onDone: () => void }) {
  const { t } = useTranslation(['company', 'common']);
  const message = useFieldMessage();
  const save = useSaveContact();
  const form = useForm<ContactValues, unknown, TContactPersonInput>({
    resolver: zodResolver(ZContactPersonBody) as unknown as Resolver<ContactValues, unknown, TContactPersonInput>,
    defaultValues: contact ? { ...EMPTY, ...contact } : EMPTY,
    mode: 'onSubmit',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ body: values, idx: contact?.contact_person_idx });
      notifySuccess(t('notifications.contactSaved'));
      onDone();
    } catch (e) {
      if (!applyServerIssues(e, form.setError)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {FIELDS.map(([name, required, type], i) => {
            const label = t(`fields.${name === 'email' ? 'contactEmail' : name}`);
            return (
              <TextInput
                key={name}
                label={label}
                type={type}
                withAsterisk={required}
                data-autofocus={i === 0 || undefined}
                error={message(errors[name]?.message, label)}
                {...form.register(name)}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
