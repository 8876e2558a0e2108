import { Group, Loader, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';

/** One labelled value of a detail dialog ('—' when empty). */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children || '—'}
      </Text>
    </div>
  );
}

/**
 * The shell of the invoice and payment detail dialogs: open while an idx is chosen, a loader until
 * the detail has come, the error's message when it failed, then the content.
 */
export function DetailModal<T>({
  opened,
  onClose,
  title,
  testId,
  data,
  error,
  children,
  size = 'xl',
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** the detail, once it has come */
  data: T | null | undefined;
  /** the detail query's error, when it failed */
  error: unknown;
  children: (data: T) => ReactNode;
  /** the dialog's width (Mantine Modal size) */
  size?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid={testId}
    >
      {data ? (
        children(data)
      ) : (
        <Group justify="center" p="lg">
          {error ? <Text c="dimmed">{t(errorMessageKey(error))}</Text> : <Loader size="sm" aria-label={t('table.loading')} />}
        </Group>
      )}
    </Modal>
  );
}
