import { execFileSync } from 'node:child_process';

/**
 * Calls `onGone` when whatever launched this process goes away without passing a signal on: `npm start`
 * runs us through `sh -c`, and a SIGTERM sent to npm kills that shell but never reaches us, which would
 * leave the server and DynamoDB Local's Java process running. Watches the process-group leader (npm, or
 * the shell's job) and the parent.
 */
export function whenLauncherGone(onGone: () => void): void {
  const parent = process.ppid;
  const group = processGroupOf(process.pid);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const timer = setInterval(() => {
    const leaderGone = group !== undefined && group !== process.pid && !alive(group);
    if (leaderGone || process.ppid !== parent) {
      clearInterval(timer);
      onGone();
    }
  }, 500);
  timer.unref();
}

function processGroupOf(pid: number): number | undefined {
  try {
    const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isInteger(group) && group > 0 ? group : undefined;
  } catch {
    return undefined;
  }
}
