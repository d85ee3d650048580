import { Spinner } from './spinner';

/** The whole-screen "Loading..." shown while the app learns who is signed in. */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50">
      <Spinner label="Loading..." size="lg" />
    </div>
  );
}
