import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Turns the contract's issue codes (`required`, `maxLength:45`, …) into texts of the UI language;
 * `field` is the label of the field, for 'please enter {field}'.
 */
export function useFieldMessage() {
  const { t } = useTranslation(['company', 'common']);
  return (code: string | undefined, field: string): string | undefined => {
    if (!code) return undefined;
    const [key, n] = code.split(':');
    switch (key) {
      case 'required':
        return t('common:messages.required', { field });
      case 'maxLength':
        return t('common:messages.maxLength', { n: Number(n) });
      case 'minLength':
        return t('common:messages.minLength', { n: Number(n) });
      case 'email':
        return t('common:messages.invalidEmail');
      case 'passwordMismatch':
        return t('common:messages.passwordMismatch');
      case 'wrongPassword':
        return t('common:messages.check', { obj: field });
      case 'duplicateEmail':
      case 'phone':
      case 'country':
      case 'url':
      case 'samePassword':
      case 'readOnly':
      case 'defaultYn':
      case 'loginIdChars':
        return t(`validation.${key}`);
      default:
        return code;
    }
  };
}

/** Puts the server's field issues (`body.<field>`) on the form; true when there were any. */
export function applyServerIssues<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>): boolean {
  if (!(e instanceof ApiError) || e.code !== 'VALIDATION' || !e.issues?.length) return false;
  let any = false;
  for (const issue of e.issues) {
    if (!issue.path.startsWith('body.')) continue;
    setError(issue.path.slice(5) as Path<T>, { type: 'server', message: issue.message });
    any = true;
  }
  return any;
}
