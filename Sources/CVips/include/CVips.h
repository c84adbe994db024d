// libvips for Daybook, opened on first use. The `daybook` executable does not link libvips: loading
// it and the 68 libraries it needs would cost every process 25–30 ms, and most builds decode no
// picture. Swift sees only this header, which needs neither libvips' nor GLib's headers; every call
// goes through a function below, with fixed arguments (Swift cannot call C's variadic functions, and
// most libvips operations take their options as a NULL-terminated list of name/value pairs).
//
// `daybook_vips_load` must have succeeded before any other function here except
// `daybook_vips_built_version` is called.
#ifndef DAYBOOK_CVIPS_H
#define DAYBOOK_CVIPS_H

#include <stddef.h>

/// A libvips image; only libvips looks inside.
typedef struct _VipsImage VipsImage;

/// The colour interpretations Daybook tells apart, with libvips' values (VipsInterpretation).
typedef enum DaybookVipsInterpretation {
    DAYBOOK_VIPS_INTERPRETATION_B_W = 1,
    DAYBOOK_VIPS_INTERPRETATION_CMYK = 15,
    DAYBOOK_VIPS_INTERPRETATION_sRGB = 22,
    DAYBOOK_VIPS_INTERPRETATION_GREY16 = 26,
} DaybookVipsInterpretation;

/// The band format Daybook publishes, with libvips' value (VipsBandFormat).
typedef enum DaybookVipsBandFormat {
    DAYBOOK_VIPS_FORMAT_UCHAR = 0,
} DaybookVipsBandFormat;

// MARK: - Loading

/// Opens libvips and finds every function Daybook calls, once per process whichever thread asks
/// first. NULL when libvips is ready to start; otherwise why not, in Daybook's words.
const char *daybook_vips_load(void);

/// The version of the libvips headers Daybook was compiled against (`8.14.1`), without loading
/// libvips. `daybook_vips_load` refuses an older release (CLibraryLoader.h).
const char *daybook_vips_built_version(void);

/// The name libvips is opened by: the soname of the headers' ABI (`libvips.so.42`, on macOS
/// `libvips.42.dylib`).
const char *daybook_vips_soname(void);

/// The release of the libvips opened (`8.14.2`), or NULL before `daybook_vips_load` has succeeded.
const char *daybook_vips_loaded_version(void);

/// The file the loader opened it from (`/lib/x86_64-linux-gnu/libvips.so.42`), or NULL before
/// `daybook_vips_load` has succeeded.
const char *daybook_vips_loaded_path(void);

// MARK: - The runtime

int daybook_vips_init(const char *program_name);
/// Drops libvips' warnings, messages and notes (its log domain "VIPS"); errors still come back
/// through the error buffer.
void daybook_vips_silence_warnings(void);
void daybook_vips_concurrency_set(int threads);
void daybook_vips_cache_set_max(int operations);
void daybook_vips_cache_set_max_mem(size_t bytes);
void daybook_vips_cache_set_max_files(int files);
/// Blocks (1) or allows (0) an operation class and its subclasses, such as "VipsForeignLoad".
void daybook_vips_operation_block_set(const char *name, int blocked);
/// libvips' error messages since the last call, one a line, and clears them; free the copy with
/// `daybook_vips_free`.
char *daybook_vips_error_buffer_copy(void);
/// Frees memory libvips allocated (an error copy, an encoded buffer).
void daybook_vips_free(void *memory);

// MARK: - Images

void daybook_vips_image_unref(VipsImage *image);
int daybook_vips_image_get_width(VipsImage *image);
int daybook_vips_image_get_height(VipsImage *image);
int daybook_vips_image_get_bands(VipsImage *image);
int daybook_vips_image_hasalpha(VipsImage *image);
DaybookVipsInterpretation daybook_vips_image_get_interpretation(VipsImage *image);
DaybookVipsBandFormat daybook_vips_image_get_format(VipsImage *image);
int daybook_vips_image_get_n_pages(VipsImage *image);
int daybook_vips_image_get_page_height(VipsImage *image);
/// True when the image's orientation turns it a quarter.
int daybook_vips_image_get_orientation_swap(VipsImage *image);
/// True when the image carries an ICC colour profile.
int daybook_vips_image_has_icc_profile(VipsImage *image);

// MARK: - Operations

/// Decodes a picture held in memory straight to at most `width`×`height` (shrink-on-load where the
/// format allows it, orientation applied); never enlarges. With an `export_profile` ("srgb"), colours
/// are converted from the file's embedded ICC profile; without, only CMYK is converted to sRGB.
/// A truncated file is an error, not a warning.
int daybook_vips_thumbnail_buffer(const void *buffer, size_t length, VipsImage **out, int width, int height,
                                  const char *loader_options, const char *export_profile);
/// Resizes a decoded picture to at most `width` pixels wide, height in proportion, without touching
/// its orientation; never enlarges.
int daybook_vips_thumbnail_image_to_width(VipsImage *in, VipsImage **out, int width);
/// Reads a picture's header only; the pixels are decoded when first needed. NULL on failure.
VipsImage *daybook_vips_header(const void *buffer, size_t length, const char *options);
int daybook_vips_colourspace(VipsImage *in, VipsImage **out, DaybookVipsInterpretation space);
int daybook_vips_cast_uchar(VipsImage *in, VipsImage **out);
int daybook_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count);
int daybook_vips_min(VipsImage *in, double *out);
/// Computes the pixels into memory.
int daybook_vips_copy_memory(VipsImage *in, VipsImage **out);
/// JPEG without any metadata, optimised Huffman tables, progressive.
int daybook_vips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality);
/// PNG without any metadata (no text, eXIf or iCCP chunk).
int daybook_vips_pngsave_buffer(VipsImage *in, void **buffer, size_t *length);
/// GIF (animated when the image holds several pages) without comments or other metadata.
int daybook_vips_gifsave_buffer(VipsImage *in, void **buffer, size_t *length);

// MARK: - Making pictures (the tests)

/// An image of `bands` 8-bit values per pixel, copied from memory, interpreted as `interpretation`.
VipsImage *daybook_vips_image_from_pixels(const void *pixels, size_t length, int width, int height, int bands,
                                          DaybookVipsInterpretation interpretation);
void daybook_vips_image_set_int(VipsImage *image, const char *name, int value);
void daybook_vips_image_set_array_int(VipsImage *image, const char *name, const int *values, int count);
/// Encodes in the format a suffix names, with options in brackets (".png[compression=1]").
int daybook_vips_write_to_buffer(VipsImage *in, const char *suffix, void **buffer, size_t *length);
/// The decoded pixels, row by row; free them with `daybook_vips_free`. NULL on failure.
void *daybook_vips_write_to_memory(VipsImage *in, size_t *length);

#endif
