import CVips

/// One libvips image, released when the last reference goes. Methods return new images: libvips
/// images are immutable, and most operations only describe work done when the pixels are needed.
final class VipsImage {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        daybook_vips_image_unref(pointer)
    }

    /// Runs one libvips operation that makes an image, turning its failure into `error(detail)`.
    static func make(_ error: (String) -> PictureError,
                     _ operation: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws -> VipsImage {
        var output: OpaquePointer?
        guard operation(&output) == 0, let output else {
            throw error(VipsRuntime.takeError() ?? "libvips gave no reason")
        }
        return VipsImage(output)
    }

    var width: Int { Int(daybook_vips_image_get_width(pointer)) }
    var height: Int { Int(daybook_vips_image_get_height(pointer)) }
    var bands: Int { Int(daybook_vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { daybook_vips_image_hasalpha(pointer) != 0 }
    var interpretation: DaybookVipsInterpretation { daybook_vips_image_get_interpretation(pointer) }
    var bandFormat: DaybookVipsBandFormat { daybook_vips_image_get_format(pointer) }

    /// Frames of an animation (1 for a still); from the header, without decoding.
    var pageCount: Int { Int(daybook_vips_image_get_n_pages(pointer)) }
    /// The height of one frame of an image that holds all the frames of an animation, one above the other.
    var pageHeight: Int { Int(daybook_vips_image_get_page_height(pointer)) }

    /// True when the picture's orientation turns it a quarter, so it is shown with width and height swapped.
    var orientationSwapsSides: Bool { daybook_vips_image_get_orientation_swap(pointer) != 0 }

    /// True when the file carries an ICC colour profile: its pixels are in that profile's colours.
    var hasColourProfile: Bool { daybook_vips_image_has_icc_profile(pointer) != 0 }
}
