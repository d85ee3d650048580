import type { ComponentProps } from 'react';

import { TextField } from './text-field';

/**
 * The code a second factor is asked for again before a sensitive step (a password change, a
 * firm's export or deletion): an authenticator app's code or a recovery code.
 */
export function SecondFactorCodeField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'hint'>) {
  return (
    <TextField
      label="Code from your authenticator app"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      hint="Or one of your recovery codes."
      {...props}
    />
  );
}
