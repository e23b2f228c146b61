#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#include "CFileSystem.h"

int afterflow_renameat2(int fromFolder, const char *from, int toFolder, const char *to, unsigned int flags) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, fromFolder, from, toFolder, to, flags);
#else
    (void)fromFolder; (void)from; (void)toFolder; (void)to; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int afterflow_syncfs(int fd) {
#if defined(__linux__) && defined(SYS_syncfs)
    return (int)syscall(SYS_syncfs, fd);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}
