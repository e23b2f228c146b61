// Two Linux system calls that Swift's Glibc module does not declare (glibc has them only for
// _GNU_SOURCE), for FileIO: called straight, so they work in a statically linked binary too,
// where looking them up at run time with dlsym finds nothing.
#ifndef AFTERFLOW_CFILESYSTEM_H
#define AFTERFLOW_CFILESYSTEM_H

/// renameat2(2): `flags` 1 is RENAME_NOREPLACE, 2 RENAME_EXCHANGE. 0, or -1 with errno set
/// (ENOSYS where the system has no such call, EINVAL where the file system lacks the flag).
int afterflow_renameat2(int fromFolder, const char *from, int toFolder, const char *to, unsigned int flags);

/// syncfs(2): flushes the whole file system that holds `fd`. 0, or -1 with errno set (ENOSYS
/// where the system has no such call).
int afterflow_syncfs(int fd);

#endif
