// posix_spawn's file actions that glibc declares only for _GNU_SOURCE (so Swift's Glibc module
// does not see them), for ChildProcess+Spawn.swift, the one Swift file that imports this module.
#ifndef AFTERFLOW_CSPAWN_H
#define AFTERFLOW_CSPAWN_H

#include <spawn.h>

/// Closes every descriptor from `from` up in the child, after the actions before it.
/// 0, or ENOSYS where the C library has no such action (then close them one by one).
int afterflow_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/// Makes `path` the child's working folder. 0, or an errno value.
int afterflow_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
