// libvips through fixed-argument wrappers: Swift cannot call C's variadic functions, and most of
// libvips' operations take their optional arguments as a NULL-terminated list of name/value pairs.
#include <vips/vips.h>

/// Decodes a picture held in memory straight to at most `width`×`height` (shrink-on-load where the
/// format allows it, orientation applied); never enlarges. With an `export_profile` ("srgb"), colours
/// are converted from the file's embedded ICC profile; without, only CMYK is converted to sRGB.
/// A truncated file is an error, not a warning.
static inline int daybook_vips_thumbnail_buffer(const void *buffer, size_t length, VipsImage **out,
                                                int width, int height, const char *loader_options,
                                                const char *export_profile) {
    if (export_profile == NULL) {
        return vips_thumbnail_buffer((void *) buffer, length, out, width, "height", height,
                                     "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                     "option_string", loader_options, NULL);
    }
    return vips_thumbnail_buffer((void *) buffer, length, out, width, "height", height,
                                 "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                 "option_string", loader_options, "export_profile", export_profile, NULL);
}

/// Resizes a decoded picture to at most `width`×`height`, without touching its orientation.
static inline int daybook_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "no_rotate", TRUE, NULL);
}

/// Reads a picture's header only; the pixels are decoded when first needed.
static inline VipsImage *daybook_vips_header(const void *buffer, size_t length, const char *options) {
    return vips_image_new_from_buffer(buffer, length, options, NULL);
}

static inline int daybook_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

static inline int daybook_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast_uchar(in, out, NULL);
}

static inline int daybook_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

static inline int daybook_vips_min(VipsImage *in, double *out) {
    return vips_min(in, out, NULL);
}

static inline int daybook_vips_copy_memory(VipsImage *in, VipsImage **out) {
    *out = vips_image_copy_memory(in);
    return *out == NULL ? -1 : 0;
}

/// JPEG without any metadata, optimised Huffman tables, progressive.
static inline int daybook_vips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE,
                                "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

/// PNG without any metadata (no text, eXIf or iCCP chunk).
static inline int daybook_vips_pngsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return vips_pngsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

/// GIF (animated when the image holds several pages) without comments or other metadata.
static inline int daybook_vips_gifsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return vips_gifsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

/// Encodes in the format a suffix names, with options in brackets (".png[compression=1]").
static inline int daybook_vips_write_to_buffer(VipsImage *in, const char *suffix, void **buffer, size_t *length) {
    return vips_image_write_to_buffer(in, suffix, buffer, length, NULL);
}
