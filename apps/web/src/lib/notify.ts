import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';

/** Spec §9: notifications auto-close after 2500 ms, dialogs after 2000 ms. */
export const NOTIFICATION_AUTO_CLOSE_MS = 2500;
export const DIALOG_AUTO_CLOSE_MS = 2000;

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: NOTIFICATION_AUTO_CLOSE_MS });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: NOTIFICATION_AUTO_CLOSE_MS });
}

/** A short message dialog that closes by itself after 2000 ms (e.g. "It's been deleted!"). */
export function showDialog(message: string, title?: string) {
  const id = modals.open({
    title,
    children: message,
    centered: true,
    withCloseButton: true,
  });
  setTimeout(() => modals.close(id), DIALOG_AUTO_CLOSE_MS);
  return id;
}
