import { Suspense, lazy, useSyncExternalStore } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS, notificationsHost } from '../lib/notify';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Mounts Mantine's notification container once the first notification is shown (lib/notify.ts). */
export function NotificationsHost() {
  const needed = useSyncExternalStore(notificationsHost.subscribe, notificationsHost.needed);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
    </Suspense>
  );
}
