import type { ContactPage, ContactRequest, ContactView, FromAddress, SalesContactRequest, SalesContactView } from './contact.contract.js';
import { ADMIN_CONTACT_LIST, ADMIN_CONTACT_SUBMIT, ADMIN_SALES_CONTACT_SUBMIT } from './contact.contract.js';
import type { JobRunRequest, JobView } from './job.contract.js';
import { ADMIN_JOB_LIST, ADMIN_JOB_RUN } from './job.contract.js';
import type { AdminUserApproveRequest, AdminUserUpdateRequest, AdminUserView, SignupMessage, SignupReply } from './user-admin.contract.js';
import { ADMIN_USER_APPROVE, ADMIN_USER_LIST, ADMIN_USER_SIGNUP, ADMIN_USER_UPDATE } from './user-admin.contract.js';

/** The admin context (user-service): signup and approval, contacts, background jobs. */
export type AdminRpc = {
  [ADMIN_USER_SIGNUP]: { request: SignupMessage; response: SignupReply };
  [ADMIN_USER_LIST]: { request: { page: number; size: number }; response: AdminUserView[] };
  [ADMIN_USER_UPDATE]: { request: AdminUserUpdateRequest; response: AdminUserView };
  [ADMIN_USER_APPROVE]: { request: AdminUserApproveRequest; response: AdminUserView };
  [ADMIN_CONTACT_SUBMIT]: { request: FromAddress<ContactRequest>; response: ContactView };
  [ADMIN_SALES_CONTACT_SUBMIT]: { request: FromAddress<SalesContactRequest>; response: SalesContactView };
  [ADMIN_CONTACT_LIST]: { request: { page: number; size: number }; response: ContactPage };
  [ADMIN_JOB_LIST]: { request: Record<string, never>; response: JobView[] };
  [ADMIN_JOB_RUN]: { request: JobRunRequest; response: JobView };
};
