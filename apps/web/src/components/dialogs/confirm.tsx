import { Alert, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { intlLocale } from '../../lib/format';
import { currentLanguage, i18next } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';

/** How many names a confirmation lists before it says 'and n more'. */
const MAX_NAMES = 5;

/**
 * Spec §5/§8: deletes need a warning confirmation ('Are you sure you want to delete the post?' /
 * 'It cannot be recovered when deleted.'). That text stays for board posts; every other delete names
 * what it deletes in `title` (see namedList). `warning` adds a highlighted consequence (e.g. the
 * company losing its default address). Resolves true when confirmed.
 */
export function confirmDelete(opts: { title?: string; text?: string; warning?: string } = {}): Promise<boolean> {
  const t = i18next.t.bind(i18next);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? t('messages.deleteConfirmTitle'),
      children: (
        <Stack gap="sm" data-testid="confirm-delete-body">
          {opts.warning && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="confirm-delete-warning">
              <Text size="sm" c="color-mix(in srgb, var(--mantine-color-orange-9), black 25%)">
                {opts.warning}
              </Text>
            </Alert>
          )}
          <Text size="sm">{opts.text ?? t('messages.deleteConfirmText')}</Text>
        </Stack>
      ),
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
      centered: true,
      closeButtonProps: { 'aria-label': t('actions.close') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * The names of the rows a confirmation is about, each quoted and listed in the UI language
 * ('“A”, “B” and “C”', '「A」、「B」、「C」'); past five, the rest as 'n more'.
 */
export function namedList(names: string[], lng: string = currentLanguage()): string {
  const t = i18next.t.bind(i18next);
  const quoted = names.slice(0, MAX_NAMES).map((name) => t('common:messages.quoted', { name, lng }));
  if (names.length > MAX_NAMES) quoted.push(t('common:messages.andMore', { count: names.length - MAX_NAMES, lng }));
  try {
    return new Intl.ListFormat(intlLocale(lng), { style: 'long', type: 'conjunction' }).format(quoted);
  } catch {
    return quoted.join(', ');
  }
}

/**
 * The title of a confirmation that names its rows: `keys.one` ('Delete the address {{name}}?') for
 * one row, else `keys.many` ('Delete these {{count}} addresses: {{names}}?').
 */
export function namedDeleteTitle(keys: { one: string; many: string }, names: string[]): string {
  const t = i18next.t.bind(i18next);
  return names.length === 1 ? t(keys.one, { name: namedList(names) }) : t(keys.many, { count: names.length, names: namedList(names) });
}

/** 'Please select {obj}' when nothing is selected; true when there is a selection. */
export function requireSelection(selected: unknown[], obj: string): boolean {
  if (selected.length > 0) return true;
  notifyError(i18next.t('messages.selectObj', { obj }));
  return false;
}
