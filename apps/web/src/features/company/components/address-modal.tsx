import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Loader, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { KOREA, ZCompanyAddressBody, type TCompanyAddress, type TCompanyAddressInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getAddressDetail } from '../api/address-detail';
import { useSaveAddress } from '../api/save-address';
import { PostcodeButton } from '../postcode/postcode-button';
import { CountrySelect } from './country-select';
import { applyServerIssues, useFieldMessage } from '../../../lib/field-message';

interface AddressValues {
  address_name: string;
  country: string;
  zipcode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  telephone: string;
  fax: string;
  default_yn: 'Y' | '';
}

const EMPTY: AddressValues = {
  address_name: '',
  country: KOREA,
  zipcode: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  telephone: '',
  fax: '',
  default_yn: '',
};

const toValues = (a: TCompanyAddress): AddressValues => ({
  address_name: a.address_name,
  country: a.country,
  zipcode: a.zipcode,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2,
  city: a.city,
  state: a.state,
  telephone: a.telephone,
  fax: a.fax,
  default_yn: a.default_yn,
});

/** Add (idx undefined) or edit an address: spec §5 address form. */
export function AddressModal({ opened, idx, onClose }: { opened: boolean; idx?: number; onClose: () => void }) {
  const { t } = useTranslation(['company', 'common']);
  const detail = useQuery({
    queryKey: ['company', 'address', idx],
    queryFn: () => getAddressDetail(idx!),
    enabled: opened && !!idx,
    staleTime: 0,
  });
  const loading = !!idx && !detail.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={idx ? t('addresses.editTitle') : t('addresses.addTitle')}
      size="lg"
      centered
    >
      {loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('common:app.loading')} />
        </Group>
      ) : (
        <AddressForm key={idx ?? 'new'} idx={idx} initial={detail.data ? toValues(detail.data) : EMPTY} onDone={onClose} />
      )}
    </Modal>
  );
}

function AddressForm({ idx, initial, onDone }: { idx?: number; initial: AddressValues; onDone: () => void }) {
  const { t } = useTranslation(['company', 'common']);
  const message = useFieldMessage();
  const save = useSaveAddress();
  const form = useForm<AddressValues, unknown, TCompanyAddressInput>({
    resolver: zodResolver(ZCompanyAddressBody) as unknown as Resolver<AddressValues, unknown, TCompanyAddressInput>,
    defaultValues: initial,
    mode: 'onSubmit',
  });
  const { errors } = form.formState;
  const korea = form.watch('country') === KOREA;
  const err = (name: keyof AddressValues) => message(errors[name]?.message, t(`fields.${name}`));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ body: values, idx });
      notifySuccess(t('notifications.addressSaved'));
      onDone();
    } catch (e) {
      if (!applyServerIssues(e, form.setError)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="address-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('fields.address_name')}
            withAsterisk
            data-autofocus
            error={err('address_name')}
            {...form.register('address_name')}
          />
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
                comboboxProps={{ zIndex: 1000 }}
                data-testid="address-country"
              />
            )}
          />
          <Stack gap={4}>
            <TextInput label={t('fields.zipcode')} withAsterisk error={err('zipcode')} {...form.register('zipcode')} />
            {korea && (
              <Group gap="xs" wrap="wrap">
                <PostcodeButton
                  testId="address-postcode"
                  onPick={(a) => {
                    form.setValue('zipcode', a.zonecode, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                    form.setValue('addressLine1', a.address, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                  }}
                />
              </Group>
            )}
          </Stack>
          <TextInput label={t('fields.telephone')} withAsterisk type="tel" error={err('telephone')} {...form.register('telephone')} />
          <TextInput label={t('fields.addressLine1')} withAsterisk error={err('addressLine1')} {...form.register('addressLine1')} />
          <TextInput label={t('fields.addressLine2')} error={err('addressLine2')} {...form.register('addressLine2')} />
          {!korea && (
            <>
              <TextInput label={t('fields.city')} withAsterisk error={err('city')} {...form.register('city')} />
              <TextInput label={t('fields.state')} withAsterisk error={err('state')} {...form.register('state')} />
            </>
          )}
          <TextInput label={t('fields.fax')} type="tel" error={err('fax')} {...form.register('fax')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="default_yn"
          render={({ field }) => (
            <Checkbox
              label={t('fields.default_yn')}
              description={t('hints.defaultAddress')}
              checked={field.value === 'Y'}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 'Y' : '')}
            />
          )}
        />
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
