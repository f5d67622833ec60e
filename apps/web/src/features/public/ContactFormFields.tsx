import { Alert, Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
import { useSubmit } from '../../core/forms/useSubmit';
import { contactErrors, EMPTY_CONTACT, type ContactField, type ContactValues, type Outcome, type RequiredFields } from './contact-form';

/**
 * The form of Contact Sales and the Platinum inquiry: fields, outcome alert and submit button, with
 * the in-flight rules of spec doc 2 section 4: submitting sets the flag; success resets the form and
 * clears it; failure clears it and keeps the values. Submitting while invalid or in flight does nothing.
 */
export function ContactFormFields({
  required,
  send,
  successText,
  failureText,
  labels,
  messagePlaceholder,
  submitLabel,
  formLabel,
}: {
  required: RequiredFields;
  send: (values: ContactValues) => Promise<unknown>;
  successText: string;
  failureText: string;
  labels: Record<ContactField, string>;
  messagePlaceholder: string;
  submitLabel: string;
  formLabel: string;
}) {
  const form = useForm<ContactValues>({ initialValues: EMPTY_CONTACT, validate: (v) => contactErrors(v, required), ...errorsAfterBlur<ContactValues>() });
  const {
    busy: inFlight,
    outcome,
    setOutcome,
    run,
  } = useSubmit<Outcome>({ log: 'Contact submission failed', failure: () => ({ ok: false, text: failureText }) });
  const invalid = !form.isValid();

  const submit = form.onSubmit(
    (values) => {
      if (inFlight) {
        return;
      }
      void run(async () => {
        const reply = await send({ ...values, phone: values.phone.trim(), email: values.email.trim() });
        // The reply is only logged: the page reads none of its fields (spec doc 2 section 7).
        console.info('Contact submission stored', reply);
        form.reset();
        setOutcome({ ok: true, text: successText });
      });
    },
    () => touchAll(form),
  );

  const input = (field: ContactField) => ({
    name: field,
    ...form.getInputProps(field),
    required: field in required,
    size: 'md' as const,
  });
  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {outcome && (
          <Alert
            role="alert"
            color={outcome.ok ? 'green' : 'red'}
            variant="light"
            icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            title={outcome.text}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={labels.name} autoComplete="name" {...input('name')} />
          <TextInput label={labels.company} autoComplete="organization" {...input('company')} />
          <TextInput label={labels.phone} type="tel" autoComplete="tel" inputMode="tel" {...input('phone')} />
          <TextInput label={labels.email} type="email" autoComplete="email" inputMode="email" {...input('email')} />
        </SimpleGrid>
        <Textarea label={labels.message} placeholder={messagePlaceholder} autosize minRows={5} maxRows={12} {...input('message')} />
        <Button type="submit" size="md" disabled={invalid || inFlight} style={{ alignSelf: 'flex-start' }}>
          {inFlight ? 'Submitting...' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
