#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include "CSpawn.h"

int afterflow_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
#else
    (void)actions;
    (void)from;
    return ENOSYS;
#endif
}

int afterflow_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np(actions, path);
#elif defined(__APPLE__)
    if (__builtin_available(macOS 10.15, *)) {
        return posix_spawn_file_actions_addchdir_np(actions, path);
    }
    return ENOSYS;
#else
    (void)actions;
    (void)path;
    return ENOSYS;
#endif
}
