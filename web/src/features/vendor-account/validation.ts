import { rules, validate, type FieldErrors } from '@/lib/validation';

/** The checks of a new vendor account's name and password: sign-up's rules and words (SPEC section 5). */
export const messages = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  name: 'Name is required',
  passwordLength: 'Password must be at least 8 characters long',
} as const;

export type NewAccountValues = { name: string; password: string };

export function validateNewAccount(values: NewAccountValues): FieldErrors<keyof NewAccountValues> {
  return validate({ name: [rules.required(messages.name)], password: [rules.minLength(8, messages.passwordLength)] }, values);
}

export type SignInValues = { email: string; password: string };

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  return validate({ email: [rules.email(messages.email)], password: [rules.minLength(1, messages.passwordRequired)] }, values);
}
