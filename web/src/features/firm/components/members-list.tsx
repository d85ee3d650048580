import type { FirmRole, Member } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';

import { formatDay, formatLastActive } from '../format';
import { memberActions } from '../member-actions';

import { MemberButtons } from './member-buttons';
import { MemberRoleControl } from './member-role-control';
import { MemberName } from './member-name';

type MembersListProps = { members: readonly Member[]; myRole: FirmRole | null; firmName: string };

/**
 * The firm's members: a table from tablet width up, one card per member on a phone (the same
 * facts and controls, without sideways scrolling). Only one of the two is ever displayed.
 */
export function MembersList({ members, myRole, firmName }: MembersListProps) {
  const withActions = members.map((member) => ({ member, actions: memberActions(myRole, member) }));
  const anyButtons = withActions.some(({ actions }) => actions.canMakeOwner || actions.canRemove || actions.canIssueResetLink);
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Members of {firmName}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-4">
              Member
            </th>
            <th scope="col" className="py-2 pr-4">
              Role
            </th>
            <th scope="col" className="py-2 pr-4">
              Joined
            </th>
            <th scope="col" className="py-2 pr-4">
              Last active
            </th>
            {anyButtons ? (
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {withActions.map(({ member, actions }) => (
            <tr key={member.userId} className="align-top">
              <th scope="row" className="py-3 pr-4 font-normal">
                <MemberName member={member} />
                <span className="block break-all text-slate-600">{member.email}</span>
              </th>
              <td className="py-3 pr-4">
                <MemberRoleControl key={member.role} member={member} actions={actions} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap text-slate-700">{formatDay(member.joinedAt)}</td>
              <td className="py-3 pr-4 whitespace-nowrap text-slate-700">{formatLastActive(member.lastActiveAt)}</td>
              {anyButtons ? (
                <td className="py-3">
                  <MemberButtons member={member} actions={actions} firmName={firmName} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label={`Members of ${firmName}`} className="divide-y divide-slate-100 md:hidden">
        {withActions.map(({ member, actions }) => (
          <li key={member.userId} className="space-y-2 py-3">
            <div className="min-w-0">
              <MemberName member={member} />
              <p className="break-all text-sm text-slate-600">{member.email}</p>
            </div>
            {actions.canChangeRole ? (
              <MemberRoleControl key={member.role} member={member} actions={actions} />
            ) : (
              <p className="text-sm text-slate-600">
                Role: <span className="text-slate-900">{labelOf(firmRoleOptions, member.role) ?? member.role}</span>
              </p>
            )}
            <p className="text-sm text-slate-600">
              Joined {formatDay(member.joinedAt)} · Last active: {formatLastActive(member.lastActiveAt)}
            </p>
            <MemberButtons member={member} actions={actions} firmName={firmName} />
          </li>
        ))}
      </ul>
    </>
  );
}
