// The libvips and GLib functions Daybook calls, found by name in the library opened at run time.
// Each is held as a pointer of the very type the headers declare, so every call is checked by the
// compiler as a direct call would be, variadic ones included.
#ifndef DAYBOOK_VIPS_FUNCTIONS_H
#define DAYBOOK_VIPS_FUNCTIONS_H

#include <vips/vips.h>

/// Every function, by name (an X macro: `F(name)` for each).
#define DAYBOOK_VIPS_FUNCTIONS(F) \
    F(vips_version) \
    F(vips_init) \
    F(vips_concurrency_set) \
    F(vips_cache_set_max) \
    F(vips_cache_set_max_mem) \
    F(vips_cache_set_max_files) \
    F(vips_operation_block_set) \
    F(vips_error_buffer_copy) \
    F(vips_image_new_from_buffer) \
    F(vips_image_new_from_memory_copy) \
    F(vips_image_get_width) \
    F(vips_image_get_height) \
    F(vips_image_get_bands) \
    F(vips_image_hasalpha) \
    F(vips_image_get_interpretation) \
    F(vips_image_get_format) \
    F(vips_image_get_n_pages) \
    F(vips_image_get_page_height) \
    F(vips_image_get_orientation_swap) \
    F(vips_image_get_typeof) \
    F(vips_image_set_int) \
    F(vips_image_set_array_int) \
    F(vips_image_copy_memory) \
    F(vips_image_write_to_buffer) \
    F(vips_image_write_to_memory) \
    F(vips_thumbnail_buffer) \
    F(vips_thumbnail_image) \
    F(vips_colourspace) \
    F(vips_cast_uchar) \
    F(vips_extract_band) \
    F(vips_min) \
    F(vips_jpegsave_buffer) \
    F(vips_pngsave_buffer) \
    F(vips_gifsave_buffer) \
    F(g_free) \
    F(g_object_unref) \
    F(g_log_set_handler)

#define DAYBOOK_VIPS_POINTER(name) __typeof__(name) *name;
/// The loaded functions. Set once by `daybook_vips_load` (under `pthread_once`), only read afterwards.
struct VipsFunctions {
    DAYBOOK_VIPS_FUNCTIONS(DAYBOOK_VIPS_POINTER)
};
#undef DAYBOOK_VIPS_POINTER

extern struct VipsFunctions libvips;

#endif
