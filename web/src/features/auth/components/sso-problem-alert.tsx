import { Alert } from '@/components/ui/alert';

import { ssoProblem } from '../sso-problem';

/** Why a sign-in at the firm's identity provider came back refused; loaded only when it did. */
export function SsoProblemAlert({ code }: { code: string }) {
  return <Alert>{ssoProblem(code)}</Alert>;
}
