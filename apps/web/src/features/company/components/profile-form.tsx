import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { KOREA, parseEmails, ZCompanyUpdateBody, type TCompanyInfo, type TCompanyUpdate } from '@portal/contract';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { profileTexts } from '../../../lib/company-profile';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateCompany } from '../api/update-company';
import { PostcodeButton } from '../postcode/postcode-button';
import { CountrySelect } from './country-select';
import { EmailListInput } from './email-list-input';
import { applyServerIssues, useFieldMessage } from '../../../lib/field-message';

export interface ProfileValues {
  id: string;
  company_name: string;
  first_name: string;
  last_name: string;
  registration_number: string;
  site_url: string;
  country: string;
  zipcode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  business_conditions: string;
  item: string;
  telephone: string;
  fax: string;
  email: string[];
  email_invoice: string[];
}

const toValues = (c: TCompanyInfo): ProfileValues => ({
  id: c.id,
  ...profileTexts(c),
  email: parseEmails(c.email).length ? parseEmails(c.email) : [''],
  email_invoice: parseEmails(c.email_invoice).length ? parseEmails(c.email_invoice) : [''],
});

const TEXT_FIELDS = [
  ['company_name', true],
  ['first_name', true],
  ['last_name', true],
  ['registration_number', true],
  ['site_url', false],
] as const;

/** Spec §3 company profile with the rules of spec §5: every field is validated on submit. */
export function ProfileForm({ info }: { info: TCompanyInfo }) {
  const { t } = useTranslation(['company', 'common']);
  const message = useFieldMessage();
  const update = useUpdateCompany(info.idx);
  const form = useForm<ProfileValues, unknown, TCompanyUpdate>({
    resolver: zodResolver(ZCompanyUpdateBody) as unknown as Resolver<ProfileValues, unknown, TCompanyUpdate>,
    defaultValues: toValues(info),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const country = form.watch('country');
  const korea = country === KOREA;
  const err = (name: keyof ProfileValues) => message((errors[name] as FieldError | undefined)?.message, t(`fields.${name}`));
  const listErrors = (name: 'email' | 'email_invoice') => {
    const e = errors[name] as (FieldError & Record<number, FieldError | undefined>) | undefined;
    return {
      listError: message(e?.message ?? e?.root?.message, t(`fields.${name}`)),
      itemError: (i: number) => message(e?.[i]?.message, t(`fields.${name}`)),
    };
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ ...values, id: info.id });
      form.reset(toValues(saved));
      notifySuccess(t('common:messages.modified'));
    } catch (e) {
      if (!applyServerIssues(e, form.setError)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="company-profile-title">
      <form onSubmit={onSubmit} noValidate data-testid="profile-form">
        <Stack>
          <Title order={2} size="h4" id="company-profile-title">
            {t('sections.profile')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('fields.id')}
              value={info.id}
              readOnly={!!info.idx}
              description={info.idx ? t('hints.idReadOnly') : undefined}
              variant={info.idx ? 'filled' : 'default'}
            />
            {TEXT_FIELDS.map(([name, required]) => (
              <TextInput key={name} label={t(`fields.${name}`)} withAsterisk={required} error={err(name)} {...form.register(name)} />
            ))}
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <CountrySelect
                  label={t('fields.country')}
                  withAsterisk
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  error={err('country')}
                  data-testid="profile-country"
                />
              )}
            />
            <Stack gap={4}>
              <TextInput label={t('fields.zipcode')} withAsterisk error={err('zipcode')} {...form.register('zipcode')} />
              {korea && (
                <Group gap="xs" wrap="wrap">
                  <PostcodeButton
                    testId="profile-postcode"
                    onPick={(a) => {
                      form.setValue('zipcode', a.zonecode, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                      form.setValue('addressLine1', a.address, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                    }}
                  />
                </Group>
              )}
            </Stack>
            <TextInput label={t('fields.addressLine1')} withAsterisk error={err('addressLine1')} {...form.register('addressLine1')} />
            <TextInput label={t('fields.addressLine2')} error={err('addressLine2')} {...form.register('addressLine2')} />
            {!korea && (
              <>
                <TextInput label={t('fields.city')} withAsterisk error={err('city')} {...form.register('city')} />
                <TextInput label={t('fields.state')} withAsterisk error={err('state')} {...form.register('state')} />
              </>
            )}
            <TextInput
              label={t('fields.business_conditions')}
              withAsterisk
              error={err('business_conditions')}
              {...form.register('business_conditions')}
            />
            <TextInput label={t('fields.item')} withAsterisk error={err('item')} {...form.register('item')} />
            <TextInput label={t('fields.telephone')} withAsterisk type="tel" error={err('telephone')} {...form.register('telephone')} />
            <TextInput label={t('fields.fax')} type="tel" error={err('fax')} {...form.register('fax')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['email', 'email_invoice'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <EmailListInput
                    legend={t(`fields.${name}`)}
                    itemLabel={(n) => t(name === 'email' ? 'fields.emailN' : 'fields.emailInvoiceN', { n })}
                    value={field.value}
                    onChange={field.onChange}
                    testId={`${name}-list`}
                    {...listErrors(name)}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
