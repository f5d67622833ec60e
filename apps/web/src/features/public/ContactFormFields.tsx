import { Alert, Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ContactField, useContactForm } from './contact-form';

type Form = ReturnType<typeof useContactForm>;

/** Fields, outcome alert and submit button shared by Contact Sales and the Platinum inquiry. */
export function ContactFormFields({
  form,
  labels,
  messagePlaceholder,
  submitLabel,
  formLabel,
}: {
  form: Form;
  labels: Record<ContactField, string>;
  messagePlaceholder: string;
  submitLabel: string;
  formLabel: string;
}) {
  const input = (field: ContactField) => ({
    name: field,
    value: form.values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setField(field, e.currentTarget.value),
    onBlur: () => form.touch(field),
    error: form.errorOf(field),
    required: field in form.required,
    size: 'md' as const,
  });
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label={formLabel}>
      <Stack gap="md">
        {form.outcome && (
          <Alert
            role="alert"
            color={form.outcome.ok ? 'green' : 'red'}
            variant="light"
            icon={form.outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            title={form.outcome.text}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={labels.name} autoComplete="name" {...input('name')} />
          <TextInput label={labels.company} autoComplete="organization" {...input('company')} />
          <TextInput label={labels.phone} type="tel" autoComplete="tel" inputMode="tel" {...input('phone')} />
          <TextInput label={labels.email} type="email" autoComplete="email" inputMode="email" {...input('email')} />
        </SimpleGrid>
        <Textarea label={labels.message} placeholder={messagePlaceholder} autosize minRows={5} maxRows={12} {...input('message')} />
        <Button type="submit" size="md" disabled={form.invalid || form.inFlight} style={{ alignSelf: 'flex-start' }}>
          {form.inFlight ? 'Submitting...' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
