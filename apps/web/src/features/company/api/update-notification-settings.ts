import type { TNotificationSettings } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationSettingsQuery } from './get-notification-settings';

/** (addition, issue 18) PATCH company/notificationSettings: all four switches; answers the saved ones. */
export const updateNotificationSettings = (body: TNotificationSettings) =>
  api.patch<TNotificationSettings>('company/notificationSettings', body);

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => qc.setQueryData(notificationSettingsQuery().queryKey, saved),
  });
}
