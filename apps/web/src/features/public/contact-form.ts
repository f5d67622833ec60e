export interface ContactValues {
  name: string;
  company: string;
  phone: string;
  email: string;
  /** The Message box of Contact Sales, or the requirements of the Platinum inquiry. */
  message: string;
}

export type ContactField = keyof ContactValues;

export const EMPTY_CONTACT: ContactValues = { name: '', company: '', phone: '', email: '', message: '' };

// Loose on purpose: the server checks the address properly; this only catches typing slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The required fields of a form, each with the message shown when it is blank. */
export type RequiredFields = Partial<Record<ContactField, string>>;

/** The field errors of a contact form: the required fields must not be blank, and the email must look valid. */
export function contactErrors(values: ContactValues, required: RequiredFields): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const [field, message] of Object.entries(required) as [ContactField, string][]) {
    if (!values[field].trim()) {
      errors[field] = message;
    }
  }
  if (!errors.email && values.email.trim() && !isEmail(values.email)) {
    errors.email = 'Please enter a valid email address';
  }
  return errors;
}

export type Outcome = { ok: boolean; text: string };
