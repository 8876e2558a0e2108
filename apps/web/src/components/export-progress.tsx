import { Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/api-client';
import { formatAmount } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * One streamed download at a time: `start(run, doneMessage)` runs it with the bytes received kept in
 * `bytes` (null when idle) and tells the user how it ended (the error envelope's message on failure).
 */
export function useExportRun() {
  const { t } = useTranslation('common');
  const [bytes, setBytes] = useState<number | null>(null);
  const start = async (run: (onProgress: (bytes: number) => void) => Promise<unknown>, doneMessage: string) => {
    setBytes(0);
    try {
      await run(setBytes);
      notifySuccess(doneMessage);
    } catch (e) {
      notifyError(t(errorMessageKey(e)));
    } finally {
      setBytes(null);
    }
  };
  return { bytes, busy: bytes !== null, start };
}

/** The kilobytes received so far, announced politely to screen readers; nothing when idle. */
export function ExportProgress({ bytes, text, testId }: { bytes: number | null; text: (size: string) => string; testId: string }) {
  if (bytes === null) return null;
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid={testId}>
      <Loader size="xs" aria-hidden />
      <Text size="sm">{text(formatAmount((bytes / 1024).toFixed(1), { decimals: 1 }))}</Text>
    </Group>
  );
}
