import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@wrenchlog/contracts/limits';
import { i18n } from './i18n/i18n';

/** The password rules the server applies, checked before sending; `field` names the box when empty. */
export function newPasswordError(password: string, field: 'new' | 'plain' = 'new'): string | undefined {
  if (!password) {
    return field === 'new' ? i18n.t('password.newRequired') : i18n.t('password.required');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return i18n.t('password.tooShort', { min: MIN_PASSWORD_LENGTH });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return i18n.t('password.tooLong', { max: MAX_PASSWORD_LENGTH });
  }
  return undefined;
}
