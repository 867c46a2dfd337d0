/* zlib, for the browser tests' PNG reader (screenshots are zlib-compressed). */
#ifndef SCRIM_CZLIB_SHIM_H
#define SCRIM_CZLIB_SHIM_H
#include <zlib.h>
#endif
