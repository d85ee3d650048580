/**
 * A tiny validation helper for the plain controlled forms of the app: each field has a list of
 * rules, a rule returns its message when the value breaks it, and the first broken rule wins.
 */

export type Rule = (value: string) => string | undefined;
export type Schema<F extends string> = Record<F, ReadonlyArray<Rule>>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export const rules = {
  required:
    (message: string): Rule =>
    (value) =>
      value.trim() === '' ? message : undefined,
  minLength:
    (length: number, message: string): Rule =>
    (value) =>
      value.length < length ? message : undefined,
  email:
    (message: string): Rule =>
    (value) =>
      isValidEmail(value) ? undefined : message,
};

export function validate<F extends string>(schema: Schema<F>, values: Record<F, string>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(schema) as F[]) {
    for (const rule of schema[field]) {
      const message = rule(values[field]);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
