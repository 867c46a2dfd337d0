/*
 * CSandbox: what the plugin sandbox asks of the kernel, and the checks it makes in C.
 *
 * A plugin's file names are never checked as text: they are resolved by the kernel relative
 * to a directory descriptor of the folder the plugin may use, and a name that leaves that
 * folder — an absolute path, `..` above it, a symbolic link pointing out, existing or
 * dangling — fails with EXDEV. openat2(2) with RESOLVE_BENEATH does this where the kernel
 * has it (Linux 5.6 and later, when no seccomp filter refuses it); elsewhere a walk opens one
 * component at a time with O_NOFOLLOW and follows symbolic links itself, with the same rules.
 */
#ifndef SCRIM_CSANDBOX_H
#define SCRIM_CSANDBOX_H

#include <stddef.h>
#include <sys/types.h>

/* Opens `path` beneath the directory `root` (see above) with open(2)'s `flags` and `mode`;
   O_CLOEXEC is always added. Returns the descriptor, or -1 with errno set: EXDEV for a name
   that leaves `root`, ELOOP for more than 40 symbolic links, others as open(2) sets them. */
int scrim_open_beneath(int root, const char *path, int flags, mode_t mode);

/* A descriptor of the directory at `path` (O_PATH): the root a plugin's names are resolved
   beneath. With `follow` 0, a symbolic link as the last component is refused (ELOOP). */
int scrim_open_folder(const char *path, int follow);

/* The two ways, for tests that hold both to the same rules: the kernel's (-1 with ENOSYS where
   openat2 is unavailable) and the walk. scrim_open_beneath takes the first where it works. */
int scrim_open_beneath_by_openat2(int root, const char *path, int flags, mode_t mode);
int scrim_open_beneath_by_walk(int root, const char *path, int flags, mode_t mode);
int scrim_openat2_available(void);

/* Whether the directory `inner` is `outer` or lies beneath it, comparing device and inode
   numbers up the chain of `..` from `inner` to the root: 1 yes, 0 no, -1 with errno set. */
int scrim_directory_is_within(int inner, int outer);

/* Source a plugin may not load, because the system's Lua 5.4.4 mishandles it (ChunkCheck.c): a
   run of more than SCRIM_MAX_INDEXINGS indexings, or an attribute on `_ENV`. Returns 0, or 1
   with "<line>: <what>" in `message`. */
#define SCRIM_MAX_INDEXINGS 200
int scrim_chunk_problem(const char *source, size_t length, char *message, size_t size);

#endif
