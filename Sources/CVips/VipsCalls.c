// Daybook's calls into libvips and GLib, through the functions `daybook_vips_load` found.
#include "VipsFunctions.h"
#include "CVips.h"

// The numbers CVips.h gives Swift are libvips' own.
_Static_assert((int) DAYBOOK_VIPS_INTERPRETATION_B_W == (int) VIPS_INTERPRETATION_B_W, "libvips' B_W");
_Static_assert((int) DAYBOOK_VIPS_INTERPRETATION_CMYK == (int) VIPS_INTERPRETATION_CMYK, "libvips' CMYK");
_Static_assert((int) DAYBOOK_VIPS_INTERPRETATION_sRGB == (int) VIPS_INTERPRETATION_sRGB, "libvips' sRGB");
_Static_assert((int) DAYBOOK_VIPS_INTERPRETATION_GREY16 == (int) VIPS_INTERPRETATION_GREY16, "libvips' GREY16");
_Static_assert((int) DAYBOOK_VIPS_FORMAT_UCHAR == (int) VIPS_FORMAT_UCHAR, "libvips' UCHAR");

// MARK: - The runtime

int daybook_vips_init(const char *program_name) {
    return libvips.vips_init(program_name);
}

static void ignore_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain, (void) level, (void) message, (void) data;
}

void daybook_vips_silence_warnings(void) {
    GLogLevelFlags levels = (GLogLevelFlags) (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO);
    libvips.g_log_set_handler("VIPS", levels, ignore_message, NULL);
}

void daybook_vips_concurrency_set(int threads) {
    libvips.vips_concurrency_set(threads);
}

void daybook_vips_cache_set_max(int operations) {
    libvips.vips_cache_set_max(operations);
}

void daybook_vips_cache_set_max_mem(size_t bytes) {
    libvips.vips_cache_set_max_mem(bytes);
}

void daybook_vips_cache_set_max_files(int files) {
    libvips.vips_cache_set_max_files(files);
}

void daybook_vips_operation_block_set(const char *name, int blocked) {
    libvips.vips_operation_block_set(name, blocked ? TRUE : FALSE);
}

char *daybook_vips_error_buffer_copy(void) {
    return libvips.vips_error_buffer_copy();
}

void daybook_vips_free(void *memory) {
    libvips.g_free(memory);
}

// MARK: - Images

void daybook_vips_image_unref(VipsImage *image) {
    libvips.g_object_unref(image);
}

int daybook_vips_image_get_width(VipsImage *image) {
    return libvips.vips_image_get_width(image);
}

int daybook_vips_image_get_height(VipsImage *image) {
    return libvips.vips_image_get_height(image);
}

int daybook_vips_image_get_bands(VipsImage *image) {
    return libvips.vips_image_get_bands(image);
}

int daybook_vips_image_hasalpha(VipsImage *image) {
    return libvips.vips_image_hasalpha(image);
}

DaybookVipsInterpretation daybook_vips_image_get_interpretation(VipsImage *image) {
    return (DaybookVipsInterpretation) libvips.vips_image_get_interpretation(image);
}

DaybookVipsBandFormat daybook_vips_image_get_format(VipsImage *image) {
    return (DaybookVipsBandFormat) libvips.vips_image_get_format(image);
}

int daybook_vips_image_get_n_pages(VipsImage *image) {
    return libvips.vips_image_get_n_pages(image);
}

int daybook_vips_image_get_page_height(VipsImage *image) {
    return libvips.vips_image_get_page_height(image);
}

int daybook_vips_image_get_orientation_swap(VipsImage *image) {
    return libvips.vips_image_get_orientation_swap(image);
}

int daybook_vips_image_has_icc_profile(VipsImage *image) {
    return libvips.vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
}

// MARK: - Operations

int daybook_vips_thumbnail_buffer(const void *buffer, size_t length, VipsImage **out, int width, int height,
                                  const char *loader_options, const char *export_profile) {
    if (export_profile == NULL) {
        return libvips.vips_thumbnail_buffer((void *) buffer, length, out, width, "height", height,
                                             "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                             "option_string", loader_options, NULL);
    }
    return libvips.vips_thumbnail_buffer((void *) buffer, length, out, width, "height", height,
                                         "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                         "option_string", loader_options, "export_profile", export_profile, NULL);
}

int daybook_vips_thumbnail_image_to_width(VipsImage *in, VipsImage **out, int width) {
    return libvips.vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                                        "no_rotate", TRUE, NULL);
}

VipsImage *daybook_vips_header(const void *buffer, size_t length, const char *options) {
    return libvips.vips_image_new_from_buffer(buffer, length, options, NULL);
}

int daybook_vips_colourspace(VipsImage *in, VipsImage **out, DaybookVipsInterpretation space) {
    return libvips.vips_colourspace(in, out, (VipsInterpretation) space, NULL);
}

int daybook_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return libvips.vips_cast_uchar(in, out, NULL);
}

int daybook_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return libvips.vips_extract_band(in, out, first, "n", count, NULL);
}

int daybook_vips_min(VipsImage *in, double *out) {
    return libvips.vips_min(in, out, NULL);
}

int daybook_vips_copy_memory(VipsImage *in, VipsImage **out) {
    *out = libvips.vips_image_copy_memory(in);
    return *out == NULL ? -1 : 0;
}

int daybook_vips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality) {
    return libvips.vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE,
                                        "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

int daybook_vips_pngsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return libvips.vips_pngsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

int daybook_vips_gifsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return libvips.vips_gifsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

// MARK: - Making pictures (the tests)

VipsImage *daybook_vips_image_from_pixels(const void *pixels, size_t length, int width, int height, int bands,
                                          DaybookVipsInterpretation interpretation) {
    VipsImage *image = libvips.vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
    // Pixels from memory are "multiband" to libvips; the GIF encoder would then mistake the alpha.
    if (image != NULL) image->Type = (VipsInterpretation) interpretation;
    return image;
}

void daybook_vips_image_set_int(VipsImage *image, const char *name, int value) {
    libvips.vips_image_set_int(image, name, value);
}

void daybook_vips_image_set_array_int(VipsImage *image, const char *name, const int *values, int count) {
    libvips.vips_image_set_array_int(image, name, values, count);
}

int daybook_vips_write_to_buffer(VipsImage *in, const char *suffix, void **buffer, size_t *length) {
    return libvips.vips_image_write_to_buffer(in, suffix, buffer, length, NULL);
}

void *daybook_vips_write_to_memory(VipsImage *in, size_t *length) {
    return libvips.vips_image_write_to_memory(in, length);
}
