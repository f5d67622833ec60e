import type { UseFormInput, UseFormReturnType } from '@mantine/form';

/** Fields whose rule reads another field: a change of the key checks them again (the confirmation of a password). */
type Dependents<Values> = Partial<Record<keyof Values & string, (keyof Values & string)[]>>;

type Timing<Values> = Pick<UseFormInput<Values>, 'touchTrigger' | 'clearInputErrorOnChange' | 'enhanceGetInputProps'>;

/**
 * The app's error timing on `@mantine/form`'s `useForm` (spread into its options). A field is touched
 * when it is left (`errorsAfterBlur`) or only when a submit is tried (`errorsAfterSubmit`, call
 * `touchAll`); from then on its message follows the typing. Mantine itself counts a field touched on
 * focus or change, which would tell a user typing an email that it is invalid before they finish. A
 * message set from the server (`setFieldError`, `setErrors`) goes on the field's next change, as
 * Mantine's `clearInputErrorOnChange` does.
 */
export function errorsAfterBlur<Values extends Record<string, any>>(dependents: Dependents<Values> = {}): Timing<Values> {
  return timing(true, dependents);
}

/** See `errorsAfterBlur`: messages appear only after a submit was tried (`touchAll`), then follow the typing. */
export function errorsAfterSubmit<Values extends Record<string, any>>(dependents: Dependents<Values> = {}): Timing<Values> {
  return timing(false, dependents);
}

function timing<Values extends Record<string, any>>(onBlur: boolean, dependents: Dependents<Values>): Timing<Values> {
  return {
    touchTrigger: 'focus',
    // The change below clears or sets the message itself: Mantine's clear followed by a set of the same
    // message in one render would lose it (its setFieldError compares with the last rendered errors).
    clearInputErrorOnChange: false,
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      // Mantine merges the answer into `inputProps`: keep its own onChange before it is replaced.
      const setValue = inputProps.onChange;
      return {
        onFocus: undefined,
        onBlur: onBlur
          ? () => {
              if (form.isTouched(field)) {
                return; // its message already follows the typing
              }
              form.setTouched((t) => ({ ...t, [field]: true }));
              // Until now any message on it came from the server: leaving the field keeps it.
              if (!form.isValid(field)) {
                form.validateField(field);
              }
            }
          : undefined,
        onChange: (e: unknown) => {
          setValue(e);
          if (!form.isTouched(field)) {
            form.clearFieldError(field); // a server message goes when its field changes
          }
          for (const f of [field, ...(dependents[field as keyof Values & string] ?? [])]) {
            if (form.isTouched(f)) {
              form.validateField(f);
            }
          }
        },
      };
    },
  };
}

/** Marks every field touched (a tried submit shows every message, then they follow the typing). */
export function touchAll<Values extends Record<string, any>>(form: UseFormReturnType<Values, any, any>) {
  form.setTouched(Object.fromEntries(Object.keys(form.getValues()).map((k) => [k, true])));
}

/**
 * Checks again the given fields whose messages show (touched): for a value the form sets itself, not
 * typed (a picked part fills its name; a calculated total, a prefilled mileage), so a message goes or
 * comes as it would after typing.
 */
export function validateTouched<Values extends Record<string, any>>(form: UseFormReturnType<Values, any, any>, fields: (keyof Values & string)[]) {
  for (const f of fields) {
    if (form.isTouched(f)) {
      form.validateField(f);
    }
  }
}
