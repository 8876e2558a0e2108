import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@portal/contract/constants';
import {
  KOREA,
  ZAdminCompanyCreateBody,
  ZAdminPasswordBody,
  ZCompanyUpdateBody,
  type TCompanyInfo,
  type TCompanyUpdate,
} from '@portal/contract';
import { useForm, type FieldError, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { profileTexts } from '../../../lib/company-profile';
import { useFieldMessage } from '../../../lib/field-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePhoneWidth } from '../../../lib/use-phone-width';
import { useCompanyProfile, useCreateCompany, useResetPassword, useUpdateCompany } from '../api/companies';

type CreateForm = z.input<typeof ZAdminCompanyCreateBody>;
const EMPTY: CreateForm = { id: '', company_name: '', country: 'KOR', code_company_division: 'AUT', email: '', password: '' };

/** A zod issue of the contract's rules as a text of the UI language. */
function useIssueText() {
  const { t } = useTranslation(['admin', 'common']);
  return (field: string, label: string, error?: { type?: string; message?: string }) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (error.type === 'too_small' && field === 'password') return t('common:messages.minLength', { n: PASSWORD_MIN_LENGTH });
    if (error.type === 'too_small') return t('common:messages.required', { field: label });
    if (error.type === 'too_big') return t('common:messages.check', { obj: label });
    if (field === 'id') return t('companies.idFormat');
    return t('common:messages.check', { obj: label });
  };
}

/**
 * Puts the server's refusal on the form's fields: a 409 on the login id (taken); a 400's issues on
 * their field (`country`, `code_company_division`, or a schema issue `body.<field>`), in the UI
 * language. True when a field got it; otherwise the caller shows a notification.
 */
function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, text: (key: string) => string): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.status === 409) {
    setError('id' as Path<T>, { type: 'server', message: text('companies.idTaken') });
    return true;
  }
  let any = false;
  for (const issue of e.issues ?? []) {
    const field = issue.path.replace(/^body\./, '');
    if (!FIELDS.includes(field)) continue;
    const message =
      field === 'country'
        ? text('companies.unknownCountry')
        : field === 'code_company_division'
          ? text('companies.unknownDivision')
          : issue.message;
    setError(field as Path<T>, { type: 'server', message });
    any = true;
  }
  return any;
}

const FIELDS = ['id', 'company_name', 'country', 'code_company_division', 'email', 'password'];

/** A new company (POST admin/companies): its login id, name, country, division, e-mail and initial password. */
export function CreateCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const text = useIssueText();
  const create = useCreateCompany();
  const form = useForm<CreateForm>({ resolver: zodResolver(ZAdminCompanyCreateBody), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(ZAdminCompanyCreateBody.parse(body));
      notifySuccess(t('companies.created', { id: created.id }));
      close();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, t)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });
  const field = (name: keyof CreateForm, label: string) => ({ label, error: text(name, label, errors[name]), ...form.register(name) });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('companies.createTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="company-create-form">
        <Stack>
          <TextInput withAsterisk autoComplete="off" data-autofocus {...field('id', t('companies.id'))} />
          <TextInput withAsterisk {...field('company_name', t('companies.name'))} />
          <TextInput withAsterisk maxLength={3} description={t('companies.countryHint')} {...field('country', t('companies.country'))} />
          <TextInput withAsterisk maxLength={10} {...field('code_company_division', t('companies.division'))} />
          <TextInput type="email" autoComplete="off" {...field('email', t('companies.email'))} />
          <PasswordInput
            withAsterisk
            autoComplete="new-password"
            description={t('companies.passwordHint', { n: PASSWORD_MIN_LENGTH })}
            {...field('password', t('companies.password'))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="company-create-submit">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A password set by the distributor (POST admin/companies/{id}/password); the company changes it at its next login. */
export function ResetPasswordModal({ companyId, onClose }: { companyId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const text = useIssueText();
  const reset = useResetPassword();
  const form = useForm<z.input<typeof ZAdminPasswordBody>>({ resolver: zodResolver(ZAdminPasswordBody), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset({ password: '' });
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!companyId) return;
    try {
      await reset.mutateAsync({ id: companyId, password });
      notifySuccess(t('companies.passwordReset', { id: companyId }));
      close();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, t)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });
  return (
    <Modal
      opened={companyId !== null}
      onClose={close}
      title={t('companies.resetTitle', { id: companyId ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="company-password-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('companies.passwordHint', { n: PASSWORD_MIN_LENGTH })}
          </Text>
          <PasswordInput
            withAsterisk
            autoComplete="new-password"
            data-autofocus
            label={t('companies.password')}
            error={text('password', t('companies.password'), errors.password)}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('companies.resetSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The edit form's values: the profile screen's fields, the e-mail lists as comma-separated texts. */
type ProfileForm = z.input<typeof ZCompanyUpdateBody>;
const PROFILE_TEXTS = [
  ['company_name', true],
  ['first_name', true],
  ['last_name', true],
  ['registration_number', true],
  ['site_url', false],
  ['zipcode', true],
  ['addressLine1', true],
  ['addressLine2', false],
  ['city', false],
  ['state', false],
  ['business_conditions', true],
  ['item', true],
  ['telephone', true],
  ['fax', false],
] as const satisfies readonly (readonly [keyof ProfileForm, boolean])[];
type ProfileField = (typeof PROFILE_TEXTS)[number][0] | 'country' | 'email' | 'email_invoice';
const PROFILE_FIELDS: readonly string[] = [...PROFILE_TEXTS.map(([name]) => name), 'country', 'email', 'email_invoice'];

const profileValues = (c: TCompanyInfo): ProfileForm => ({ ...profileTexts(c), email: c.email, email_invoice: c.email_invoice });

/**
 * (issue 59) A company's profile and e-mail lists (GET/PATCH admin/companies/{id}), by the rules of its own profile
 * screen (the contract's ZCompanyUpdateBody, checked here and again by the server). A changed e-mail list is mailed
 * to the addresses the company has now; every change is in the audit log.
 */
export function EditCompanyModal({ companyId, onClose }: { companyId: string | null; onClose: () => void }) {
  // the `company` namespace's words are loaded by the form alone, once a company is opened
  const { t } = useTranslation(['admin', 'common']);
  const phone = usePhoneWidth();
  const profile = useCompanyProfile(companyId);
  return (
    <Modal
      opened={companyId !== null}
      onClose={onClose}
      title={t('companies.editTitle', { id: companyId ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="xl"
      fullScreen={phone}
      centered
    >
      {profile.data && companyId ? (
        <EditCompanyForm key={profile.dataUpdatedAt} companyId={companyId} info={profile.data} onClose={onClose} />
      ) : profile.error ? (
        <Text role="alert" c="red">
          {t(`common:${errorMessageKey(profile.error)}`)}
        </Text>
      ) : (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('common:app.loading')} />
        </Group>
      )}
    </Modal>
  );
}

function EditCompanyForm({ companyId, info, onClose }: { companyId: string; info: TCompanyInfo; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'company', 'common']);
  const message = useFieldMessage();
  const update = useUpdateCompany();
  const form = useForm<ProfileForm, unknown, TCompanyUpdate>({
    resolver: zodResolver(ZCompanyUpdateBody) as unknown as Resolver<ProfileForm, unknown, TCompanyUpdate>,
    defaultValues: profileValues(info),
  });
  const { errors, isSubmitting } = form.formState;
  const korea = (form.watch('country') ?? '').toString().trim().toUpperCase() === KOREA;
  /** a field's first issue: an e-mail list's may sit on one of its addresses (`email.2`) */
  const errorOf = (name: ProfileField) => {
    const e = errors[name] as (FieldError & Record<number, FieldError | undefined>) | undefined;
    const code =
      e?.message ??
      e?.root?.message ??
      Object.values(e ?? {}).find((v): v is FieldError => !!v && typeof v === 'object' && 'message' in v)?.message;
    return message(code, t(`company:fields.${name}`));
  };
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ id: companyId, body });
      notifySuccess(t('companies.saved', { id: companyId }));
      onClose();
    } catch (e) {
      let placed = false;
      if (e instanceof ApiError)
        for (const issue of e.issues ?? []) {
          const field = issue.path.replace(/^body\./, '').split('.')[0]!;
          if (!PROFILE_FIELDS.includes(field)) continue;
          form.setError(field as ProfileField, { type: 'server', message: issue.message });
          placed = true;
        }
      if (!placed) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });
  const input = (name: ProfileField, required: boolean) => ({
    label: t(`company:fields.${name}`),
    withAsterisk: required,
    error: errorOf(name),
    ...form.register(name),
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="company-edit-form">
      <Stack>
        <TextInput label={t('companies.id')} value={companyId} readOnly variant="filled" description={t('companies.idReadOnly')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {PROFILE_TEXTS.filter(([name]) => !korea || (name !== 'city' && name !== 'state')).map(([name, required]) => (
            <TextInput
              key={name}
              {...input(name, required || (!korea && (name === 'city' || name === 'state')))}
              type={name === 'telephone' || name === 'fax' ? 'tel' : undefined}
              data-autofocus={name === 'company_name' || undefined}
            />
          ))}
          <TextInput maxLength={3} description={t('companies.countryHint')} {...input('country', true)} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('companies.emailListNote')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(['email', 'email_invoice'] as const).map((name) => (
            <TextInput
              key={name}
              type="text"
              inputMode="email"
              autoComplete="off"
              description={t('companies.emailListHint')}
              {...input(name, true)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="company-edit-submit">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
