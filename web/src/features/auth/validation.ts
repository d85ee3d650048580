import { rules, validate, type FieldErrors } from '@/lib/validation';

/** Client-side checks of the auth forms, with the exact messages of SPEC section 5. */

export const messages = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  name: 'Name is required',
  passwordLength: 'Password must be at least 8 characters long',
  lawFirm: 'Law firm name is required',
} as const;

export type SignInValues = { email: string; password: string };
export type SignUpValues = { name: string; email: string; password: string; lawFirm: string; firmSize: string };

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  return validate(
    {
      email: [rules.email(messages.email)],
      password: [rules.minLength(1, messages.passwordRequired)],
    },
    values,
  );
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return validate(
    {
      name: [rules.required(messages.name)],
      email: [rules.email(messages.email)],
      password: [rules.minLength(8, messages.passwordLength)],
      lawFirm: [rules.required(messages.lawFirm)],
      firmSize: [],
    },
    values,
  );
}
