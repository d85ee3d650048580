import { describe, expect, it } from 'vitest';

import { validateSignIn, validateSignUp } from './validation';

const valid = { name: 'Ada Lovelace', email: 'ada@firm.com', password: 'correct horse', lawFirm: 'Lovelace Law', firmSize: '' };

describe('validateSignUp', () => {
  it('accepts a complete form with no firm size', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('gives the spec’s message for each empty field', () => {
    expect(validateSignUp({ name: '', email: '', password: '', lawFirm: '', firmSize: '' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
      lawFirm: 'Law firm name is required',
    });
  });

  it('rejects a malformed email and a short password', () => {
    expect(validateSignUp({ ...valid, email: 'ada@', password: '1234567' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
    });
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(validateSignUp({ ...valid, password: '12345678' })).toEqual({});
  });

  it('treats a name of spaces as missing', () => {
    expect(validateSignUp({ ...valid, name: '   ', lawFirm: ' ' })).toEqual({
      name: 'Name is required',
      lawFirm: 'Law firm name is required',
    });
  });
});

describe('validateSignIn', () => {
  it('needs a valid email and any password', () => {
    expect(validateSignIn({ email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});
