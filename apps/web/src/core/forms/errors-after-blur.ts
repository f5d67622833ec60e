import type { UseFormInput, UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';

/**
 * The app's error timing on `@mantine/form`'s `useForm` (spread into its options): a field's message
 * appears once the field was left, then follows the typing; an untouched field stays quiet. Mantine
 * counts a field touched on focus or on change; here it is touched when left, so a user typing an email
 * is not told it is invalid before finishing. A message set from the server (`setFieldError`) goes on
 * the field's next change, as Mantine's `clearInputErrorOnChange` does. `touchAll` marks every field
 * (call it when a submit is refused, so the messages then follow the typing too).
 */
export function errorsAfterBlur<Values extends Record<string, any>>(): Pick<UseFormInput<Values>, 'touchTrigger' | 'enhanceGetInputProps'> {
  return {
    touchTrigger: 'focus',
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      // Mantine merges the answer into `inputProps`: keep its own onChange before it is replaced.
      const setValue = inputProps.onChange;
      return {
        onFocus: undefined,
        onBlur: () => {
          form.setTouched((t) => ({ ...t, [field]: true }));
          form.validateField(field);
        },
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> | unknown) => {
          setValue(e);
          if (form.isTouched(field)) {
            form.validateField(field);
          }
        },
      };
    },
  };
}

/** Marks every field touched (a refused submit shows every message, then they follow the typing). */
export function touchAll<Values extends Record<string, any>>(form: UseFormReturnType<Values, any, any>) {
  form.setTouched(Object.fromEntries(Object.keys(form.getValues()).map((k) => [k, true])));
}
