/**
 * Puts environment variables back as they were before a test set them: a variable that was unset is
 * deleted, not left as an empty string (files that share a process would otherwise read it as set).
 */
export function restoreEnv(previous: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
