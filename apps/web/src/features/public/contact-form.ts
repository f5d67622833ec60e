import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../core/forms/useSubmit';

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

export type Outcome = { ok: boolean; text: string } | null;

/**
 * The in-flight rules of the Contact Sales and Platinum forms (spec doc 2 section 4): submitting sets
 * the flag; success resets the form and clears it; failure clears it and keeps the values. Submitting
 * while invalid or in flight does nothing. Errors show on touched fields (all of them after a submit).
 */
export function useContactForm(options: {
  required: RequiredFields;
  send: (values: ContactValues) => Promise<unknown>;
  successText: string;
  failureText: string;
}) {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const {
    busy: inFlight,
    outcome,
    setOutcome,
    run,
  } = useSubmit<NonNullable<Outcome>>({ log: 'Contact submission failed', failure: () => ({ ok: false, text: options.failureText }) });
  const errors = contactErrors(values, options.required);
  const invalid = Object.keys(errors).length > 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (invalid || inFlight) {
      setTouched({ name: true, company: true, phone: true, email: true, message: true });
      return;
    }
    await run(async () => {
      const reply = await options.send({ ...values, phone: values.phone.trim(), email: values.email.trim() });
      // The reply is only logged: the page reads none of its fields (spec doc 2 section 7).
      console.info('Contact submission stored', reply);
      setValues(EMPTY_CONTACT);
      setTouched({});
      setOutcome({ ok: true, text: options.successText });
    });
  }

  return {
    values,
    required: options.required,
    inFlight,
    invalid,
    outcome,
    submit,
    /** The error to show on a field: only once it was touched. */
    errorOf: (field: ContactField) => (touched[field] ? errors[field] : undefined),
    setField: (field: ContactField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    touch: (field: ContactField) => setTouched((t) => ({ ...t, [field]: true })),
  };
}
