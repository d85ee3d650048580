import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { saveBlob } from '@/lib/download';

type RecoveryCodesShownProps = {
  codes: string[];
  /** The line that says the factor is on, in the screen's own words ("Two-step sign-in is on."). */
  turnedOn: string;
  /** The person says they saved the codes: the screen hides them for good. */
  onDone: () => void;
};

/**
 * The recovery codes, shown once after an authenticator app is turned on (a firm member's
 * two-step sign-in, a vendor account's authenticator), to copy or download.
 */
export function RecoveryCodesShown({ codes, turnedOn, onDone }: RecoveryCodesShownProps) {
  const text = `Litstack recovery codes. Each works once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy. Select the codes and copy them instead.', variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium text-green-800">
        {turnedOn}
      </p>
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'litstack-recovery-codes.txt')}>
          Download .txt
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
