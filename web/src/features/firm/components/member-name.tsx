import type { Member } from '@/lib/api/types';

/** A member's name, with "(you)" for the reader. */
export function MemberName({ member }: { member: Member }) {
  return (
    <>
      <span className="font-medium text-slate-900">{member.name}</span>
      {member.isYou ? <span className="text-slate-500"> (you)</span> : null}
    </>
  );
}
