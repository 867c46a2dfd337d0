/* glibc's heap statistics (mallinfo2, malloc_trim), which Swift's Glibc module leaves out:
 * the scale benchmark reads how much the heap grows per view controller. */
#include <malloc.h>
