import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from './api-client';
import { notifyError } from './notify';

/**
 * A file download started from a row or a dialog: `pending` is the key of the one under way (its
 * button shows a loader), and a failure is told with the error envelope's message.
 */
export function useDownload<K>() {
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<K | null>(null);
  const download = async (key: K, fetchFile: () => Promise<unknown>) => {
    setPending(key);
    try {
      await fetchFile();
    } catch (e) {
      notifyError(t(errorMessageKey(e)));
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}
