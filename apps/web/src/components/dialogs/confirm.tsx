import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18next } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';

/**
 * Spec §5/§8: deletes need a warning confirmation ('Are you sure you want to delete the post?' /
 * 'It cannot be recovered when deleted.'). Resolves true when confirmed.
 */
export function confirmDelete(opts: { title?: string; text?: string } = {}): Promise<boolean> {
  const t = i18next.t.bind(i18next);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? t('messages.deleteConfirmTitle'),
      children: <Text size="sm">{opts.text ?? t('messages.deleteConfirmText')}</Text>,
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

/** 'Please select {obj}' when nothing is selected; true when there is a selection. */
export function requireSelection(selected: unknown[], obj: string): boolean {
  if (selected.length > 0) return true;
  notifyError(i18next.t('messages.selectObj', { obj }));
  return false;
}
