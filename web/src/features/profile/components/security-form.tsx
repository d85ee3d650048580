import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

import { useChangePassword } from '../api/change-password';
import { useMfaStatus } from '../api/get-mfa-status';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '', code: '' };

/** Password change: all three fields before the button wakes up; the two new ones must match. */
export function SecurityForm() {
  const [values, setValues] = useState(empty);
  // With two-step sign-in on, the change needs a current code too.
  const needsCode = useMfaStatus().data?.enabled === true;
  const change = useChangePassword({
    onSuccess: () => {
      setValues(empty);
      toast({ title: 'Password changed', description: 'Your password has been updated successfully.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      }),
  });

  const pending = change.isPending;
  const filled =
    values.currentPassword !== '' &&
    values.newPassword !== '' &&
    values.confirmPassword !== '' &&
    (!needsCode || values.code.trim() !== '');
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled) return;
    if (values.newPassword !== values.confirmPassword) {
      toast({ title: 'Error', description: 'New passwords do not match.', variant: 'destructive' });
      return;
    }
    change.mutate({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      ...(needsCode ? { code: values.code.trim() } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          disabled={pending}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={values.newPassword}
          onChange={set('newPassword')}
          disabled={pending}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          disabled={pending}
        />
        {needsCode ? <SecondFactorCodeField value={values.code} onChange={set('code')} disabled={pending} /> : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={!filled || pending}>
          {pending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
