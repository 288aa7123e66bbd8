#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/* zlib's init calls are macros (they pass the header's version and the stream's size, so that the
   library can check them): Swift cannot call macros, so these wrap them. */

/* deflateInit2 with zlib's default memory level (8) and strategy: what java.util.zip.Deflater uses. */
static inline int czlib_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

static inline int czlib_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
