import { modals } from '@mantine/modals';
import type { NotificationData } from '@mantine/notifications';
import { i18next } from './i18n';

/** Spec §9: notifications auto-close after 2500 ms, dialogs after 2000 ms. */
export const NOTIFICATION_AUTO_CLOSE_MS = 2500;
export const DIALOG_AUTO_CLOSE_MS = 2000;

/*
 * The notifications library (with react-remove-scroll and react-transition-group, ~20 KiB gzip)
 * is loaded the first time something is shown, and its container is mounted then by
 * <NotificationsHost/>: the login page does not pay for it.
 */
let needed = false;
const listeners = new Set<() => void>();
export const notificationsHost = {
  needed: () => needed,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

async function show(data: NotificationData) {
  if (!needed) {
    needed = true;
    listeners.forEach((l) => l());
  }
  const { notifications } = await import('@mantine/notifications');
  // the close button is an icon: it needs a name (axe button-name)
  notifications.show({ autoClose: NOTIFICATION_AUTO_CLOSE_MS, closeButtonProps: { 'aria-label': i18next.t('actions.close') }, ...data });
}

export function notifySuccess(message: string) {
  void show({ message, color: 'green' });
}

export function notifyError(message: string) {
  void show({ message, color: 'red' });
}

/** A short message dialog that closes by itself after 2000 ms (e.g. "It's been deleted!"). */
export function showDialog(message: string, title?: string) {
  const id = modals.open({
    title,
    children: message,
    centered: true,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18next.t('actions.close') },
  });
  setTimeout(() => modals.close(id), DIALOG_AUTO_CLOSE_MS);
  return id;
}
