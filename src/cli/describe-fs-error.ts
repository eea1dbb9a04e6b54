/**
 * What went wrong with a file, as the end of one sentence ("Cannot read X: no such file."),
 * from a Node `fs` error's code. Node's own message names the syscall and the absolute path
 * (`EEXIST: file already exists, mkdir '/…'`), which tells a user little and is never printed.
 */
export function describeFsError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'EEXIST':
    case 'ENOTDIR':
      return 'a file stands where a folder is needed';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENAMETOOLONG':
      return 'the name is too long for the file system';
    case 'ESYMLINK':
      return error instanceof Error ? error.message : 'a folder on the way is a symbolic link';
    case '':
      return error instanceof Error ? error.message.replace(/\.$/, '') : 'unknown error';
    default:
      return `the file system refused (${code})`;
  }
}
