import { useQuery } from '@tanstack/react-query';

import { getSetupStatus, setupStatusKey } from './get-setup-status';

export { getSetupStatus } from './get-setup-status';

export function useSetupStatus() {
  return useQuery({ queryKey: setupStatusKey, queryFn: getSetupStatus });
}
