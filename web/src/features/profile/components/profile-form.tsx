import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Profile } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { firmSizeOptions, isFirmSize } from '@/lib/firm-options';
import { hasErrors, rules, validate } from '@/lib/validation';

import { useUpdateProfile } from '../api/update-profile';

type Values = { name: string; email: string; lawFirm: string; firmSize: string; currentPassword: string };

function sameEmail(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function validateProfile(values: Values, emailChanged: boolean) {
  return validate(
    {
      name: [rules.required('Name is required')],
      email: [rules.email('Please enter a valid email address')],
      lawFirm: [rules.required('Law firm name is required')],
      firmSize: [],
      currentPassword: emailChanged ? [rules.minLength(1, 'Current password is required to change your email')] : [],
    },
    values,
  );
}

/**
 * Name, email, law firm and firm size. Changing the email asks for the current password. The firm's
 * name and size are the firm's: only its owners and admins edit them, others see them as text.
 */
export function ProfileForm({ user }: { user: Profile['user'] }) {
  const { canManage } = useFirmAccess();
  const [values, setValues] = useState<Values>({
    name: user.name,
    email: user.email,
    lawFirm: user.lawFirm,
    firmSize: user.firmSize ?? '',
    currentPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateProfile({
    onSuccess: () => {
      setSubmitted(false);
      setValues((current) => ({ ...current, currentPassword: '' }));
      toast({ title: 'Profile updated', description: 'Your profile information has been saved successfully.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to update profile. Please try again.'),
        variant: 'destructive',
      }),
  });

  const emailChanged = !sameEmail(values.email, user.email);
  const errors = submitted ? validateProfile(values, emailChanged) : {};
  const pending = update.isPending;
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateProfile(values, emailChanged))) return;
    update.mutate({
      name: values.name.trim(),
      lawFirm: values.lawFirm.trim(),
      firmSize: isFirmSize(values.firmSize) ? values.firmSize : null,
      ...(emailChanged ? { email: values.email.trim(), currentPassword: values.currentPassword } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} disabled={pending} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          disabled={pending}
        />
        {emailChanged ? (
          <TextField
            className="sm:col-span-2"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            hint="Enter your current password to confirm the new email address."
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            disabled={pending}
          />
        ) : null}
        {canManage ? (
          <>
            <TextField
              label="Law Firm"
              autoComplete="organization"
              value={values.lawFirm}
              onChange={set('lawFirm')}
              error={errors.lawFirm}
              disabled={pending}
            />
            <SelectField
              label="Firm Size"
              options={firmSizeOptions}
              placeholder="Not specified"
              value={values.firmSize}
              onChange={set('firmSize')}
              disabled={pending}
            />
          </>
        ) : (
          <div className="space-y-3 text-sm sm:col-span-2">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-700">Law Firm</dt>
                <dd className="mt-1 break-words text-slate-900">{user.lawFirm}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Firm Size</dt>
                <dd className="mt-1 text-slate-900">
                  {firmSizeOptions.find((option) => option.value === user.firmSize)?.label ?? 'Not specified'}
                </dd>
              </div>
            </dl>
            <p className="text-slate-600">Only the firm’s owners and admins can change its name and size.</p>
          </div>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
