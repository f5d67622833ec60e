import { execFileSync } from 'node:child_process';

/** The short git hash of the build: GIT_HASH (set by image builds), else asked of git, else 'unknown'. */
export function resolveGitHash(fromEnv?: string): string {
  if (fromEnv) {
    return fromEnv.slice(0, 12);
  }
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}
