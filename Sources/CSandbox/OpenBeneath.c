/*
 * Opening a file beneath a directory, by the kernel's resolution (see CSandbox.h).
 */
#define _GNU_SOURCE
#include "CSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

#define MAX_LINKS 40

/* -1 not probed yet, 0 unavailable, 1 available. */
static int openat2_state = -1;

static long call_openat2(int root, const char *path, int flags, mode_t mode) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_CLOEXEC);
    how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
    return syscall(SYS_openat2, root, path, &how, sizeof how);
}

int scrim_openat2_available(void) {
    if (openat2_state < 0) {
        long fd = call_openat2(AT_FDCWD, ".", O_PATH | O_DIRECTORY, 0);
        if (fd >= 0) close((int)fd);
        openat2_state = fd >= 0;
    }
    return openat2_state;
}


/* The walk: `pending` holds what is left of the name; `dirs` the directories entered, the
   root (not ours to close) at the bottom. */
typedef struct walk {
    int *dirs;
    int depth, capacity;
    char *pending;
    int links;
} walk;

static void walk_free(walk *w) {
    for (int i = 1; i < w->depth; i++) close(w->dirs[i]);
    free(w->dirs);
    free(w->pending);
}

static int walk_push(walk *w, int fd) {
    if (w->depth == w->capacity) {
        int capacity = w->capacity * 2;
        int *dirs = realloc(w->dirs, sizeof(int) * (size_t)capacity);
        if (!dirs) return -1;
        w->dirs = dirs;
        w->capacity = capacity;
    }
    w->dirs[w->depth++] = fd;
    return 0;
}

/* Replaces the component just read (at `top`, named `name`) by the target of the symbolic
   link it is, followed by `rest`. */
static int walk_follow(walk *w, int top, const char *name, const char *rest) {
    char target[PATH_MAX];
    ssize_t length;
    size_t restLength = strlen(rest);
    char *pending;
    if (++w->links > MAX_LINKS) {
        errno = ELOOP;
        return -1;
    }
    length = readlinkat(top, name, target, sizeof target - 1);
    if (length < 0) return -1;
    target[length] = '\0';
    if (target[0] == '/') {
        errno = EXDEV;
        return -1;
    }
    pending = malloc((size_t)length + restLength + 2);
    if (!pending) return -1;
    memcpy(pending, target, (size_t)length);
    pending[length] = '/';
    memcpy(pending + length + 1, rest, restLength + 1);
    free(w->pending);
    w->pending = pending;
    return 0;
}

int scrim_open_beneath_by_walk(int root, const char *path, int flags, mode_t mode) {
    walk w = { malloc(sizeof(int) * 8), 1, 8, strdup(path), 0 };
    int result = -1;
    if (!w.dirs || !w.pending) goto done;
    w.dirs[0] = root;
    if (path[0] == '/') {
        errno = EXDEV;
        goto done;
    }
    for (;;) {
        char *cursor = w.pending, *end, *rest;
        char name[NAME_MAX + 1];
        size_t length;
        int top = w.dirs[w.depth - 1], last, fd;
        struct stat status;
        while (*cursor == '/') cursor++;
        if (*cursor == '\0') {
            /* The name ends at a directory: open it. */
            result = openat(top, ".", flags | O_CLOEXEC, mode);
            goto done;
        }
        end = strchr(cursor, '/');
        length = end ? (size_t)(end - cursor) : strlen(cursor);
        if (length > NAME_MAX) {
            errno = ENAMETOOLONG;
            goto done;
        }
        memcpy(name, cursor, length);
        name[length] = '\0';
        rest = end ? end : cursor + length;
        while (*rest == '/') rest++;
        last = *rest == '\0';
        if (strcmp(name, ".") == 0) {
            memmove(w.pending, rest, strlen(rest) + 1);
            continue;
        }
        if (strcmp(name, "..") == 0) {
            if (w.depth == 1) {
                errno = EXDEV;
                goto done;
            }
            close(w.dirs[--w.depth]);
            memmove(w.pending, rest, strlen(rest) + 1);
            continue;
        }
        if (last) {
            fd = openat(top, name, flags | O_NOFOLLOW | O_CLOEXEC, mode);
            if (fd >= 0) {
                result = fd;
                goto done;
            }
            /* ELOOP from O_NOFOLLOW: the last component is a symbolic link, to follow here. */
            if (errno != ELOOP || fstatat(top, name, &status, AT_SYMLINK_NOFOLLOW) != 0) goto done;
            if (!S_ISLNK(status.st_mode)) {
                errno = ELOOP;
                goto done;
            }
            if (walk_follow(&w, top, name, rest) != 0) goto done;
            continue;
        }
        fd = openat(top, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) goto done;
        if (fstat(fd, &status) != 0) {
            close(fd);
            goto done;
        }
        if (S_ISLNK(status.st_mode)) {
            close(fd);
            if (walk_follow(&w, top, name, rest) != 0) goto done;
            continue;
        }
        if (!S_ISDIR(status.st_mode)) {
            close(fd);
            errno = ENOTDIR;
            goto done;
        }
        if (walk_push(&w, fd) != 0) {
            close(fd);
            goto done;
        }
        memmove(w.pending, rest, strlen(rest) + 1);
    }
done:
    {
        int saved = errno;
        walk_free(&w);
        errno = saved;
    }
    return result;
}

int scrim_open_beneath_by_openat2(int root, const char *path, int flags, mode_t mode) {
    if (!scrim_openat2_available()) {
        errno = ENOSYS;
        return -1;
    }
    for (int attempt = 0; attempt < 8; attempt++) {
        long fd = call_openat2(root, path, flags, mode);
        /* EAGAIN: a `..` raced with a rename; the kernel asks for another try. */
        if (fd >= 0 || errno != EAGAIN) return (int)fd;
    }
    return -1;
}

int scrim_open_beneath(int root, const char *path, int flags, mode_t mode) {
    return scrim_openat2_available() ? scrim_open_beneath_by_openat2(root, path, flags, mode)
                                     : scrim_open_beneath_by_walk(root, path, flags, mode);
}

int scrim_open_folder(const char *path, int follow) {
    struct stat status;
    int fd;
    if (follow) return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
    /* O_PATH with O_NOFOLLOW opens a link itself rather than failing: look at what opened. */
    fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    if (fstat(fd, &status) != 0) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    if (!S_ISDIR(status.st_mode)) {
        close(fd);
        errno = S_ISLNK(status.st_mode) ? ELOOP : ENOTDIR;
        return -1;
    }
    return fd;
}

int scrim_directory_is_within(int inner, int outer) {
    struct stat target, current, parent;
    int fd, result = 0;
    if (fstat(outer, &target) != 0 || fstat(inner, &current) != 0) return -1;
    fd = openat(inner, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    for (;;) {
        int up;
        if (current.st_dev == target.st_dev && current.st_ino == target.st_ino) {
            result = 1;
            break;
        }
        up = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (up < 0 || fstat(up, &parent) != 0) {
            int saved = errno;
            if (up >= 0) close(up);
            close(fd);
            errno = saved;
            return -1;
        }
        close(fd);
        fd = up;
        /* The root is its own parent. */
        if (parent.st_dev == current.st_dev && parent.st_ino == current.st_ino) break;
        current = parent;
    }
    close(fd);
    return result;
}
