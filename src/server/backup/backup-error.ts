/** A failure the person at the command line can put right: printed as its message alone, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}
