import type { ContactRequest, ContactView, SignupRequest, SignupReply } from '@wrenchlog/contracts';
import type { ApiClient } from '../../api/client';
import type { ContactValues } from './contact-form';

/** POST /api/contact: the shared submission of Contact Sales and the Platinum inquiry (requirements go in message). */
export function sendContact(api: ApiClient, values: ContactValues, contactType: ContactRequest['contactType']): Promise<ContactView> {
  const body: ContactRequest = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    company: values.company.trim() || null,
    message: values.message.trim(),
    contactType,
  };
  return api.post<ContactView>('/api/contact', { ...body });
}

/**
 * POST /api/admin/createuser, the signup: the spec's new-user payload. The server never trusts
 * `enabled` from this public call (the account waits for approval) and keeps its own createDate.
 */
export function signUp(api: ApiClient, form: { name: string; email: string; description: string }): Promise<SignupReply> {
  const body: SignupRequest & { enabled: 1; createDate: string } = {
    username: form.email.trim(),
    name: form.name.trim(),
    userSelfDescription: form.description.trim() || null,
    enabled: 1,
    createDate: new Date().toISOString(),
  };
  return api.post<SignupReply>('/api/admin/createuser', { ...body });
}
