import type { TNotificationSettings } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getNotificationSettings = (signal?: AbortSignal) => api.get<TNotificationSettings>('company/notificationSettings', { signal });

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: ['company', 'notificationSettings'], queryFn: ({ signal }) => getNotificationSettings(signal) });

/** (addition, issue 18) GET company/notificationSettings: which notification mails the company gets. */
export const useNotificationSettings = () => useQuery(notificationSettingsQuery());
